import type { Generated } from 'kysely';

type Id = number;

/** Export records and their share links (migration 0120). */
export interface ExportTables {
  export_record: {
    id: Generated<Id>;
    company_id: Id;
    user_id: Id;
    source: string;
    module: string;
    file_name: string;
    request: unknown;
    state: string;
    total_rows: number;
    done_rows: Generated<number>;
    job_id: Id | null;
    file_id: Id | null;
    file_size: number | null;
    error_code: number | null;
    created_at: Date;
    deadline_at: Date;
    finished_at: Date | null;
    file_expires_at: Date | null;
  };
  export_share_link: {
    id: string;
    company_id: Id;
    user_id: Id;
    /** The shared export record, or null for a support subject (migration 0600). */
    record_id: Id | null;
    /** `resource` or `faq` with its id: a support share link (migration 0600). */
    subject: string | null;
    subject_id: Id | null;
    created_at: Date;
    expires_at: Date;
    /** Set when the link was removed: it reads `removed` and answers 14065. */
    removed_at: Date | null;
  };
}
