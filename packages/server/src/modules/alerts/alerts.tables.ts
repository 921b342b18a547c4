import type { ColumnType, Generated } from 'kysely';

type Id = number;
type Json = ColumnType<unknown, string, string>;

/** Router alert rules, their alerts and each person's read marks (migration 0240). */
export interface AlertTables {
  alert_rule: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    level: string;
    description: string;
    /** `AlertTargets` of the contract: a query, read again at every evaluation. */
    targets: Json;
    condition_mode: string;
    conditions: Json;
    trigger_volume: number;
    trigger_interval_value: number;
    trigger_interval_unit: string;
    pending_minutes: number;
    email: Json;
    enabled: boolean;
    created_by: Id | null;
    created_at: Date;
    updated_at: Date;
  };
  alert: {
    id: Generated<Id>;
    company_id: Id;
    rule_id: Id;
    sn: string;
    /** The condition's index in the rule ('0', '1' ...) or 'all' for a rule of mode "all". */
    condition_key: string;
    state: string;
    pending_since: Date;
    started_at: Date | null;
    last_seen_at: Date;
    /** Since when the clear condition holds (the clear period's timer); null while it does not. */
    clear_since: Date | null;
    resolved_at: Date | null;
    /** Whether the last evaluation with data breached: a breach after a pause is a re-trigger. */
    breaching: Generated<boolean>;
    count: Generated<number>;
    value: number | null;
    acknowledged_by: Id | null;
    acknowledged_at: Date | null;
    ack_note: Generated<string>;
    updated_at: Date;
  };
  alert_read: {
    alert_id: Id;
    user_id: Id;
    company_id: Id;
  };
  /** State changes of a rule and device in the last 30 min (ms timestamps) and whether it flaps (0260). */
  alert_flap: {
    rule_id: Id;
    sn: string;
    company_id: Id;
    changes: Json;
    flapping: boolean;
    last_change_at: Date;
  };
  /** Firings of a rule waiting out their 30 s group before one message (0260). */
  alert_batch: {
    rule_id: Id;
    kind: string;
    company_id: Id;
    opened_at: Date;
    sns: Json;
  };
  /** One-off or weekly (UTC) windows in which a rule, group or device sends no message (0260). */
  alert_silence: {
    id: Generated<Id>;
    company_id: Id;
    target_kind: string;
    rule_id: Id | null;
    group_id: Id | null;
    sn: string | null;
    repeat: string;
    starts_at: Date | null;
    ends_at: Date | null;
    weekdays: Json;
    start_minute: number | null;
    end_minute: number | null;
    note: string;
    created_by: Id | null;
    created_at: Date;
  };
  /** The event log (0260): per company, ordered by cursor, kept 30 days. */
  event_cursor: {
    company_id: Id;
    last_cursor: number;
  };
  event_log: {
    company_id: Id;
    cursor: number;
    type: string;
    payload: Json;
    created_at: Date;
  };
}
