import type { ColumnType, Generated } from 'kysely';

type Instant = ColumnType<Date, Date, Date>;

/** The support area's tables (migration 0600_support); its share links are `export_share_link` rows. */
export interface SupportTables {
  /** A file the Super Admin publishes under Support › Resources, in one language. */
  support_resource: {
    id: Generated<number>;
    name: string;
    description: string;
    language: string;
    file_id: number;
    created_at: Instant;
    updated_at: Instant;
  };
  /** An FAQ entry (features §3: question, answer, tag, attachment, language). */
  support_faq: {
    id: Generated<number>;
    question: string;
    answer: string;
    tag: string;
    language: string;
    attachment_file_id: number | null;
    created_at: Instant;
    updated_at: Instant;
  };
  /** A CRT file the Super Admin publishes, with what X509Certificate read from it. */
  support_certificate: {
    id: Generated<number>;
    name: string;
    subject: string;
    issuer: string;
    valid_from: Instant;
    valid_to: Instant;
    fingerprint: string;
    serial_number: string;
    file_id: number;
    created_at: Instant;
  };
}
