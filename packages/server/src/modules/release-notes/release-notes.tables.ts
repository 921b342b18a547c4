import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The release-notes area's tables (migration 0520_release_notes). */
export interface ReleaseNoteTables {
  /** A release note of the platform, written by the Super Admin (core §3). */
  release_note: {
    id: Generated<number>;
    version: string;
    content_en: string;
    content_cn: string;
    start_at: Instant;
    end_at: Instant;
    attachment_file_id: number | null;
    created_at: Instant;
    updated_at: Instant;
  };
  /** A user was shown a note: it is not shown again. */
  release_note_seen: {
    note_id: Id;
    user_id: Id;
    seen_at: Instant;
  };
}
