import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<number, number, number>;
type Bytes = ColumnType<number, number | undefined, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The data pool's tables (migration 0200_data_pool). */
export interface DataPoolTables {
  /** One item of a company's pool: package, licence or granted data, valid `expire_days` from first use. */
  data_pool_item: {
    id: Generated<number>;
    company_id: Id;
    /** contract DATA_POOL_SOURCES. */
    source: string;
    ledger_id: number | null;
    operation_id: number | null;
    sn: string | null;
    package_bytes: Bytes;
    licence_bytes: Bytes;
    used_bytes: Bytes;
    expire_days: number;
    created_at: Instant;
    first_used_at: Date | null;
    expires_at: Date | null;
    expired_at: Date | null;
  };
  /** A company's pool: its low threshold, what it was told last, and the lock every draw takes. */
  data_pool: {
    company_id: Id;
    low_percent: number;
    alert: string | null;
    alert_count: Generated<number>;
    uncovered_bytes: Bytes;
    updated_at: Instant;
  };
  /** Each device's last VPN counters: the next sample draws the difference. */
  data_pool_counter: {
    sn: string;
    company_id: Id;
    ts: Instant;
    uptime_s: number;
    seq: number;
    rx_bytes: number;
    tx_bytes: number;
  };
  /** VPN traffic per company and UTC day, for the usage chart. */
  data_pool_usage: {
    company_id: Id;
    day: string;
    used_bytes: Bytes;
    uncovered_bytes: Bytes;
  };
}
