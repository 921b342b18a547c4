import { type Kysely, sql } from 'kysely';

/**
 * The app centre's catalogue (issue 14). A package is one piece of software of one owner (a company's
 * own app, or the platform's when `company_id` is null) by kind, series and package name; its versions
 * are its history, each with its files (kept in `stored_file`), its publication and, for the
 * platform's, its target customers. docs/decisions.md "App centre".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_package (
    id bigint generated always as identity primary key,
    company_id bigint references company (id) on delete cascade,
    kind text not null check (kind in ('firmware', 'app')),
    package_name text not null,
    series text not null,
    created_at timestamptz not null,
    -- A company publishes apps only; firmware is the platform's.
    check (company_id is null or kind = 'app')
  )`.execute(db);
  // One package per owner, kind, series and package name: a new upload of it is a new version.
  await sql`create unique index app_package_identity
    on app_package (coalesce(company_id, 0), kind, series, package_name)`.execute(db);

  await sql`create table app_package_version (
    id bigint generated always as identity primary key,
    package_id bigint not null references app_package (id) on delete cascade,
    version text not null,
    name text not null,
    models jsonb not null,
    file_id bigint not null references stored_file (id),
    logo_file_id bigint references stored_file (id),
    document_file_ids jsonb not null,
    release_notes text not null,
    target text check (target in ('all', 'distributors', 'companies')),
    published boolean not null,
    published_at timestamptz,
    created_by bigint,
    created_at timestamptz not null,
    unique (package_id, version)
  )`.execute(db);
  await sql`create index app_package_version_published on app_package_version (package_id) where published`.execute(
    db,
  );

  // The chosen companies of a platform version whose target is `companies`.
  await sql`create table app_package_target (
    version_id bigint not null references app_package_version (id) on delete cascade,
    company_id bigint not null references company (id) on delete cascade,
    primary key (version_id, company_id)
  )`.execute(db);
  await sql`create index app_package_target_company on app_package_target (company_id)`.execute(db);

  // A device update that installed a catalogue version names it: such a version is never deleted.
  await sql`create index rpc_command_package_version on rpc_command ((params->>'packageVersionId'))
    where params ? 'packageVersionId'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rpc_command_package_version`.execute(db);
  await sql`drop table app_package_target`.execute(db);
  await sql`drop table app_package_version`.execute(db);
  await sql`drop table app_package`.execute(db);
}
