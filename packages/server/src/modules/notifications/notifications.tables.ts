import type { ColumnType, Generated } from 'kysely';

type Id = number;
type Json = ColumnType<unknown, string, string>;

/** Notification channels, webhooks and the mail cap (migration 0310). */
export interface NotificationTables {
  /** One channel of a company (`console`, `email`, `webhook:<id>`) and the last event it handled. */
  channel_cursor: {
    company_id: Id;
    channel: string;
    last_cursor: number;
    /** The job delivering for the channel now; a new one is enqueued only once it has finished. */
    job_id: number | null;
    updated_at: Date;
  };
  webhook: {
    id: Generated<Id>;
    company_id: Id;
    url: string;
    /** secretSeal('webhook-secret') of the signing secret. */
    secret_sealed: string;
    event_types: Json;
    enabled: boolean;
    failing_since: Date | null;
    /** Failing for an hour: shown as such, and the administrators were told once. */
    flagged: Generated<boolean>;
    last_error: string | null;
    created_by: Id | null;
    created_at: Date;
    updated_at: Date;
  };
  webhook_delivery: {
    id: Generated<Id>;
    webhook_id: Id;
    company_id: Id;
    cursor: number | null;
    event_id: string;
    event_type: string;
    attempt: number;
    ok: boolean;
    status: number | null;
    error: string | null;
    duration_ms: number;
    at: Date;
  };
  /** Alert messages mailed per company and UTC hour; past the cap they wait in `held` for the digest. */
  mail_hour: {
    company_id: Id;
    hour: Date;
    sent: Generated<number>;
    /** `HeldLine[]` (email-channel.ts). */
    held: ColumnType<unknown, string | undefined, string>;
    /** The job sending the hour's digest, once the hour is over. */
    digest_job_id: number | null;
  };
  /** Who unsubscribed from a company's alert mail (List-Unsubscribe). */
  mail_opt_out: {
    user_id: Id;
    company_id: Id;
    at: Date;
  };
  /**
   * A person's notification choice for one cell (migration 0730): category, level ('' for a category
   * without levels) and channel. No row: on.
   */
  notification_choice: {
    company_id: Id;
    user_id: Id;
    category: string;
    level: string;
    channel: string;
    enabled: boolean;
    updated_at: Date;
  };
}
