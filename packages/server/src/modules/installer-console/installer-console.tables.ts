import type { ColumnType } from 'kysely';

type Id = ColumnType<number, number, number>;

/** The installer console area's tables (migration 0690_installer_console). */
export interface InstallerConsoleTables {
  installer_console_licence: {
    company_id: Id;
    trial_started_at: Date | null;
    trial_ends_at: Date | null;
    /** The latest end of the paid periods (their ledger rows hold each one). */
    paid_until: Date | null;
    updated_at: Date;
  };
}
