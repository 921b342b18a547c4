import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The partner notifications area's tables (migration 0190_partner_notifications). */
export interface PartnerNotificationTables {
  /** A notice of a distributor or re-seller (`company_id`) to its downstream customers. */
  partner_notice: {
    id: Generated<number>;
    company_id: Id;
    name: string;
    topic: string;
    content: string;
    /** 'all' | 'selected' (contract NOTICE_AUDIENCES). */
    audience: string;
    /** 'draft' | 'published'. */
    state: Generated<string>;
    published_at: Date | null;
    created_by: number | null;
    created_at: Instant;
    updated_at: Instant;
  };
  partner_notice_target: {
    notice_id: Id;
    customer_company_id: Id;
  };
  /** Who in a customer company has opened a notice. */
  partner_notice_read: {
    notice_id: Id;
    company_id: Id;
    user_id: Id;
    read_at: Instant;
  };
  partner_alert_email: {
    company_id: Id;
    /** contract ALERT_EMAIL_TYPES. */
    type: string;
    subject: string;
    sender_name: string;
    support_email: string;
    banner_file_id: number | null;
    enabled: boolean;
    updated_at: Instant;
  };
  partner_smtp: {
    company_id: Id;
    sender_email: string;
    host: string;
    port: number;
    /** contract SMTP_SECURITY. */
    security: string;
    username: string;
    /** `sealSecret`'s output; null when the server needs no password. */
    password_sealed: string | null;
    updated_at: Instant;
  };
  partner_alert_episode: {
    id: Generated<number>;
    /** The customer whose alert list is non-empty. */
    company_id: Id;
    kind: string;
    partner_company_id: Id;
    opened_at: Instant;
    closed_at: Date | null;
  };
}
