import { type Kysely, sql } from 'kysely';

/**
 * The list's default order is "newest seen first, then SN descending" (device-list.store.ts). The
 * index ended in `sn` ascending, so every page sorted each run of equal timestamps again (an
 * incremental sort: 2-3 ms of a deep firmware page at 100,000 devices on PGlite). Ending it in
 * `sn desc` lets the walk hand rows over in the list's order, both ways (backwards for ascending).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index device_company_seen_idx`.execute(db);
  await sql`create index device_company_seen_idx on device (company_id, last_seen_at desc nulls last, sn desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index device_company_seen_idx`.execute(db);
  await sql`create index device_company_seen_idx on device (company_id, last_seen_at desc nulls last, sn)`.execute(
    db,
  );
}
