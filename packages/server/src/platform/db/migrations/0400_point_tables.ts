import { type Kysely, sql } from 'kysely';

/**
 * Point tables (issue 19): a company's Modbus register maps. The points are edited and saved as a
 * whole with their table, so they are one JSON array in the row (checked by the contract's rules
 * before they are written). Names are unique per company in any case (900001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table point_table (
    id bigserial primary key,
    company_id bigint not null references company (id) on delete cascade,
    name text not null,
    protocol text not null check (protocol in ('modbusTcp', 'modbusRtu')),
    connection_type text not null check (connection_type in ('tcp', 'rtuOverTcp', 'serial')),
    slave_ip text not null,
    slave_port integer not null,
    slave_id integer not null,
    points jsonb not null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create unique index point_table_company_name_idx on point_table (company_id, lower(name))`.execute(
    db,
  );
}
