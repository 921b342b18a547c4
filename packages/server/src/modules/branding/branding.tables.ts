import type { ColumnType } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The branding area's table (migration 0210_rebates_branding). */
export interface BrandingTables {
  /** A company's OEM settings: its consoles' names and logo (its customers' too), its e-mail banner. */
  partner_branding: {
    company_id: Id;
    app_name: string | null;
    logo_file_id: number | null;
    /** The random name the logo is served under without a session; new with every new logo. */
    logo_key: string | null;
    /** image/png or image/jpeg, read from the logo's own bytes when it was set. */
    logo_type: string | null;
    /** The VPN console's name (migration 0510_oem_settings). */
    vpn_name: string | null;
    /** The e-mail banner (migration 0510_oem_settings). */
    banner_file_id: number | null;
    /** The company's map keys, each sealed (migration 0580_iot_connectors, purpose `map-key`). */
    map_js_key_sealed: string | null;
    map_server_key_sealed: string | null;
    map_hardware_key_sealed: string | null;
    map_keys_updated_at: Date | null;
    updated_at: Instant;
  };
}
