import { type Kysely, sql } from 'kysely';

/** Release notes (issue 18; core §3): the platform's notes and which user was shown which. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table release_note (
    id bigserial primary key,
    version text not null,
    content_en text not null,
    content_cn text not null,
    start_at timestamptz not null,
    end_at timestamptz not null check (end_at > start_at),
    attachment_file_id bigint references stored_file (id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`.execute(db);
  await sql`create index release_note_start_idx on release_note (start_at desc, id desc)`.execute(db);
  await sql`create table release_note_seen (
    note_id bigint not null references release_note (id) on delete cascade,
    user_id bigint not null references app_user (id) on delete cascade,
    seen_at timestamptz not null,
    primary key (note_id, user_id)
  )`.execute(db);
}
