import type { ColumnType } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The branding area's table (migration 0210_rebates_branding). */
export interface BrandingTables {
  /** A partner's logo and app name for its customers' consoles. */
  partner_branding: {
    company_id: Id;
    app_name: string | null;
    logo_file_id: number | null;
    /** The random name the logo is served under without a session; new with every new logo. */
    logo_key: string | null;
    /** image/png or image/jpeg, read from the logo's own bytes when it was set. */
    logo_type: string | null;
    updated_at: Instant;
  };
}
