import type {
  DataLimitCycle,
  SiteIpAccessType,
  VpnCipher,
  VpnDeviceState,
  VpnGroupState,
  VpnProtocol,
} from '@fleetport/contract';
import type { ColumnType, Generated } from 'kysely';

type Id = number;
type BigCount = ColumnType<number, number | undefined, number>;

/** VPN management's tables (migrations 0300, 0340, 0341). */
export interface VpnTables {
  vpn_group: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    region: string;
    /** The allocated virtual network's first address, e.g. 10.224.3.0 (with `prefix`). */
    network: string;
    prefix: number;
    /** The hub's port for this group, unique on the platform. */
    port: number;
    protocol: VpnProtocol;
    ping_interval: number;
    ping_retry: number;
    mtu: number;
    fragment: number;
    cipher: VpnCipher;
    data_limit_mb: number;
    cycle: DataLimitCycle;
    site_ip_access_type: SiteIpAccessType;
    state: VpnGroupState;
    created_at: Date;
    updated_at: Date;
  };
  vpn_service_client: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    client_code: string;
    type: 'user' | 'server';
    key_hash: string;
    created_at: Date;
  };
  vpn_member: {
    id: Generated<Id>;
    company_id: Id;
    group_id: Id;
    /** `device:<SN>` or `client:<id>`. */
    member_key: string;
    kind: 'device' | 'client';
    sn: string | null;
    client_id: Id | null;
    virtual_ip: string;
    active: boolean;
    joined_at: Date;
    left_at: Date | null;
    vpn_state: ColumnType<VpnDeviceState, VpnDeviceState | undefined, VpnDeviceState>;
    real_address: string | null;
    bytes_in: BigCount;
    bytes_out: BigCount;
    status_at: Date | null;
    /** The LAN subnet the router publishes (CIDR; migration 0340). */
    lan_subnet: ColumnType<string | null, string | null | undefined, string | null>;
    /** The device's own data limit per cycle, MB (migration 0341). */
    data_limit_mb: ColumnType<number | null, number | null | undefined, number | null>;
  };
  /** Each member's traffic per cycle of its group, from the hubs' counters (migration 0341). */
  vpn_usage: {
    company_id: Id;
    group_id: Id;
    member_key: string;
    cycle_start: Date;
    bytes: BigCount;
  };
  /** Each data limit warning told for a group's cycle: told once per group, cycle and level (migration 0610). */
  vpn_limit_notice: {
    company_id: Id;
    group_id: Id;
    cycle_start: Date;
    level: 'warning' | 'exhausted';
    at: Date;
  };
  /** End devices (PLCs) behind a group's routers, each mapped to a virtual address (migration 0340). */
  vpn_end_device: {
    id: Generated<Id>;
    company_id: Id;
    group_id: Id;
    sn: string;
    name: string;
    ip: string;
    virtual_ip: string;
    created_at: Date;
  };
  vpn_ca: {
    company_id: Id;
    cert_pem: string;
    key_sealed: string;
    next_serial: number;
    crl_pem: string;
    created_at: Date;
  };
  vpn_certificate: {
    company_id: Id;
    serial: number;
    kind: 'server' | 'member';
    group_id: Id | null;
    member_key: string | null;
    common_name: string;
    cert_pem: string;
    key_sealed: string;
    not_after: Date;
    issued_at: Date;
    revoked_at: Date | null;
  };
  vpn_traffic: {
    company_id: Id;
    group_id: Id;
    member_key: string;
    at: Date;
    bytes_in: number;
    bytes_out: number;
    /** Bytes the tunnel carried since the member's previous read (migration 0710): the chart's sum. */
    carried: BigCount;
  };
}
