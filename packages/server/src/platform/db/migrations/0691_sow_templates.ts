import { type Kysely, sql } from 'kysely';

/**
 * Scope-of-work templates of the installer console (issue 20). The sections' fields are one JSON
 * document (read and written whole by the template form); the name is unique per company in any case,
 * and the router configuration file stays while a template names it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sow_template (
      id bigint generated always as identity primary key,
      company_id bigint not null references company (id) on delete cascade,
      name text not null,
      fields jsonb not null,
      config_file_id bigint references stored_file (id) on delete set null,
      created_by bigint,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index sow_template_name_idx on sow_template (company_id, lower(name))`.execute(db);
  await sql`create index sow_template_updated_idx on sow_template (company_id, updated_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sow_template`.execute(db);
}
