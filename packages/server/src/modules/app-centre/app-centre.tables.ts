import type { ColumnType, Generated } from 'kysely';

type Instant = ColumnType<Date, Date, Date>;
type Json<T> = ColumnType<T, string, string>;

/** The app centre's tables (migration 0230_app_centre). */
export interface AppCentreTables {
  /** One piece of software of one owner: a company's own app, or the platform's (company_id null). */
  app_package: {
    id: Generated<number>;
    company_id: number | null;
    kind: 'firmware' | 'app';
    package_name: string;
    series: string;
    created_at: Instant;
  };
  /** A version of a package: its files, publication and, for the platform's, its target customers. */
  app_package_version: {
    id: Generated<number>;
    package_id: number;
    version: string;
    name: string;
    models: Json<string[]>;
    file_id: number;
    logo_file_id: number | null;
    document_file_ids: Json<number[]>;
    release_notes: string;
    /** Null for a company's own app (private to it). */
    target: 'all' | 'distributors' | 'companies' | null;
    published: boolean;
    published_at: Date | null;
    created_by: number | null;
    created_at: Instant;
  };
  app_package_target: {
    version_id: number;
    company_id: number;
  };
}
