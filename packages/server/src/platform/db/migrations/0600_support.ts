import { type Kysely, sql } from 'kysely';

/**
 * Support content (issue 18; core §2 support resource, FAQ, certificate): the platform's resources,
 * FAQ entries and certificates, written by the Super Admin. Their share links are rows of the exports
 * area's `export_share_link` (one share-link mechanism): a link names either an export record or a
 * support subject (`resource` or `faq` and its id), and a removed link is kept (state `removed`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table support_resource (
    id bigserial primary key,
    name text not null,
    description text not null,
    language text not null,
    file_id bigint not null references stored_file (id),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index support_resource_lang_idx on support_resource (language, updated_at desc)`.execute(
    db,
  );
  await sql`create table support_faq (
    id bigserial primary key,
    question text not null,
    answer text not null,
    tag text not null,
    language text not null,
    attachment_file_id bigint references stored_file (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index support_faq_lang_idx on support_faq (language, updated_at desc)`.execute(db);
  await sql`create table support_certificate (
    id bigserial primary key,
    name text not null,
    subject text not null,
    issuer text not null,
    valid_from timestamptz not null,
    valid_to timestamptz not null,
    fingerprint text not null,
    serial_number text not null,
    file_id bigint not null references stored_file (id),
    created_at timestamptz not null
  )`.execute(db);
  await sql`alter table export_share_link alter column record_id drop not null`.execute(db);
  await sql`alter table export_share_link
    add column subject text,
    add column subject_id bigint,
    add column removed_at timestamptz`.execute(db);
  await sql`alter table export_share_link add constraint export_share_link_target
    check ((record_id is null) <> (subject is null) and (subject is null) = (subject_id is null))`.execute(
    db,
  );
  await sql`create index export_share_link_subject on export_share_link (subject, subject_id)`.execute(db);
}
