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
}
