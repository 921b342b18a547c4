import { type Kysely, sql } from 'kysely';

/**
 * Devices per company, kept exact by triggers: the all-devices list shows the fleet's total on its
 * first page without counting 100,000 rows each time (bench/device-list.ts). Inserts and deletes are
 * counted per statement (one update for a whole import); only a change of company counts per row, so
 * presence and last-seen updates of the gateway cost nothing here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_count')
    .addColumn('company_id', 'bigint', (c) => c.primaryKey())
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into device_count (company_id, total) select company_id, count(*) from device group by company_id`.execute(
    db,
  );
  await sql`
    create function device_count_add() returns trigger language plpgsql as $$
    begin
      insert into device_count (company_id, total)
        select company_id, count(*) from added group by company_id
      on conflict (company_id) do update set total = device_count.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create function device_count_remove() returns trigger language plpgsql as $$
    begin
      update device_count c set total = c.total - r.n
        from (select company_id, count(*) as n from removed group by company_id) r
       where c.company_id = r.company_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function device_count_move() returns trigger language plpgsql as $$
    begin
      update device_count set total = total - 1 where company_id = old.company_id;
      insert into device_count (company_id, total) values (new.company_id, 1)
      on conflict (company_id) do update set total = device_count.total + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger device_count_insert after insert on device referencing new table as added
    for each statement execute function device_count_add()`.execute(db);
  await sql`create trigger device_count_delete after delete on device referencing old table as removed
    for each statement execute function device_count_remove()`.execute(db);
  await sql`create trigger device_count_company after update of company_id on device
    for each row when (old.company_id is distinct from new.company_id) execute function device_count_move()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger device_count_company on device`.execute(db);
  await sql`drop trigger device_count_delete on device`.execute(db);
  await sql`drop trigger device_count_insert on device`.execute(db);
  await sql`drop function device_count_move, device_count_remove, device_count_add`.execute(db);
  await db.schema.dropTable('device_count').execute();
}
