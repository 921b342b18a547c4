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
    record_id: Id;
    created_at: Date;
    expires_at: Date;
  };
}
