import type { Kysely } from 'kysely';

/**
 * A serial port is leased to the console that opened it (core §9): the hold row keeps the hash of the
 * lease token handed to that console and the user it was handed to, so reads, writes and closes of
 * anyone else — a colleague of the same company included — are refused with 120069 while it is held.
 * Holds written before this migration have no lease and simply run out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('serial_port_hold')
    .addColumn('lease_hash', 'text')
    .addColumn('holder_user_id', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('serial_port_hold')
    .dropColumn('lease_hash')
    .dropColumn('holder_user_id')
    .execute();
}
