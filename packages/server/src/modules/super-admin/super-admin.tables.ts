import type { ColumnType } from 'kysely';

type Instant = ColumnType<Date, Date, Date>;

/** The Super Admin console's tables (migration 0620_super_admin); `company.disabled_at` is in accounts. */
export interface SuperAdminTables {
  /** A feature's retirement date (core §9): before it the console warns, after it its calls answer 610042. */
  feature_retirement: {
    feature: string;
    retire_at: Instant;
    updated_at: Instant;
  };
  /** A server node's heartbeat: the health page lists the nodes seen in the last 2 minutes. */
  platform_node: {
    node_id: string;
    started_at: Instant;
    seen_at: Instant;
  };
}
