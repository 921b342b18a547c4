import type { PortalAuthMode, PortalSessionSettings } from '@fleetport/contract';
import type { ColumnType, Generated } from 'kysely';

type Id = number;
/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** One language's splash texts as a template keeps them. */
export interface StoredPortalLanguage {
  name: string;
  locale: string;
  title: string;
  introduction: string;
  connectButtonText: string;
  alertMessage: string;
  termsFileId: number | null;
}

/** The portal manager's tables (migrations 0410, 0740). */
export interface PortalManagerTables {
  portal_template: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    auth_mode: PortalAuthMode;
    access_code: string;
    allowed_sites: Json<string[]>;
    blocked_domains: Json<string[]>;
    redirection_url: string;
    pc_background_file_id: Id | null;
    mobile_background_file_id: Id | null;
    logo_file_id: Id | null;
    languages: Json<StoredPortalLanguage[]>;
    session_settings: Json<PortalSessionSettings>;
    version: number;
    created_at: Date;
    updated_at: Date;
  };
  portal_device: {
    sn: string;
    company_id: Id;
    portal_id: Id;
    /** secretSeal('portal-radius') of the router's RADIUS shared secret. */
    radius_secret: string;
    /** The secret of the last version sent, until the router confirms it (migration 0740). */
    radius_secret_next: string | null;
    applied_version: number | null;
    added_at: Date;
  };
  portal_blocked_client: {
    portal_id: Id;
    company_id: Id;
    /** Upper-case, colon-separated. */
    mac: string;
    blocked_at: Date;
  };
  portal_session: {
    id: Generated<Id>;
    company_id: Id;
    portal_id: Id | null;
    sn: string;
    acct_session_id: string;
    client_mac: string;
    client_ip: string | null;
    user_name: string;
    started_at: Date;
    updated_at: Date;
    ended_at: Date | null;
    /** bigint: read as a string by PostgreSQL drivers. */
    input_octets: ColumnType<string | number, number, number>;
    output_octets: ColumnType<string | number, number, number>;
    session_seconds: number;
    terminate_cause: string | null;
    /** From Called-Station-Id "<AP MAC>:<SSID>" (migration 0740). */
    ssid: string | null;
  };
  /** Each template version sent to a router; its state is its `portalApply` command's. */
  portal_push: {
    rpc_id: string;
    company_id: Id;
    portal_id: Id;
    sn: string;
    version: number;
    /** secretSeal('portal-radius') of the secret this version carries. */
    radius_secret: string;
    created_at: Date;
  };
  /** Names the company gives clients (by MAC) of a template. */
  portal_client: {
    portal_id: Id;
    company_id: Id;
    mac: string;
    name: string;
  };
  portal_splash_token: {
    token_hash: string;
    company_id: Id;
    sn: string;
    client_mac: string;
    expires_at: Date;
    used_at: Date | null;
  };
}
