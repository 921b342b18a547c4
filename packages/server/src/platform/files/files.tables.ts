import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string, never>;

/** Files kept in the file store (migration 0110_stored_files). */
export interface FileTables {
  stored_file: {
    id: Generated<number>;
    company_id: number;
    /** The upload kind (contract UPLOAD_KINDS) or what produced it (`export`). */
    kind: string;
    /** The name the file is downloaded under. */
    name: string;
    size: number;
    sha256: string;
    content_type: string;
    /** Where the bytes are in the file store. */
    store_key: string;
    /** Null for files the platform made itself (exports made by a job keep the requester). */
    created_by: number | null;
    created_at: CreatedAt;
    /** After this the file may be deleted by retention; null keeps it until its owner deletes it. */
    expires_at: Date | null;
  };
}
