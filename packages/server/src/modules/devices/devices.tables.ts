import type { ColumnType, Generated } from 'kysely';

/** bigint ids come back as numbers (see db/open.ts) and are written as numbers. */
type Id = number;
type Json = unknown;
/** A timestamptz the database fills in when the insert leaves it out. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** The device registry, what devices report, and the RPC commands sent to them (migrations 0010-0012). */
export interface DeviceTables {
  device: {
    sn: string;
    company_id: Id;
    name: Generated<string>;
    description: Generated<string>;
    model: Generated<string>;
    series: Generated<string>;
    firmware_version: string | null;
    app_version: string | null;
    capabilities: Generated<Json>;
    mac: string | null;
    imei: string | null;
    iccid: string | null;
    imsi: string | null;
    ssid: string | null;
    ip: string | null;
    router_id: string | null;
    network_env: string | null;
    connection_type: string | null;
    active_link: string | null;
    sim_count: Generated<number>;
    keep_alive: number | null;
    protocol_version: number | null;
    online: Generated<boolean>;
    last_seen_at: Date | null;
    online_changed_at: Date | null;
    presence_session: string | null;
    licence_level: Generated<string>;
    group_id: Id | null;
    secret_hash: string;
    claimed_at: CreatedAt;
    created_at: CreatedAt;
    updated_at: CreatedAt;
  };
  device_import: {
    id: Generated<Id>;
    company_id: Id;
    sn: string;
    name: Generated<string>;
    model: Generated<string>;
    mac: string | null;
    imei: string | null;
    tags: Generated<Json>;
    claimed_at: Date | null;
    created_at: CreatedAt;
  };
  device_claim_log: {
    id: Generated<Id>;
    sn: string;
    company_id: Id | null;
    outcome: 'claimed' | 'refused';
    reason: string | null;
    mac: string | null;
    imei: string | null;
    at: CreatedAt;
  };
  device_telemetry: {
    id: Generated<Id>;
    company_id: Id;
    sn: string;
    at: Date;
    data: Json;
    /** The message's `uptimeSeconds` and `seq`: with `sn` and `at` the key that skips a resend. */
    uptime_s: number | null;
    seq: number | null;
  };
  device_event: {
    id: Generated<Id>;
    company_id: Id;
    sn: string;
    at: Date;
    type: string;
    severity: string | null;
    data: Generated<Json>;
  };
  device_syslog: {
    id: Generated<Id>;
    company_id: Id;
    sn: string;
    at: Date;
    level: string | null;
    message: string;
  };
  device_config: {
    sn: string;
    company_id: Id;
    xml: string;
    last_updated_time: Date;
    received_at: Date;
  };
  device_status: {
    sn: string;
    module: string;
    company_id: Id;
    data: Json;
    updated_at: Date;
  };
  rpc_command: {
    id: string;
    company_id: Id;
    sn: string;
    method: string;
    params: Generated<Json>;
    state: 'inExecution' | 'success' | 'failure' | 'timeout';
    deadline: Date;
    /** When the device acknowledged the command (a reply of any state); null until then. */
    delivered_at: Date | null;
    /** The device connection the command was last sent on: sent at most once per connection. */
    sent_session: string | null;
    result: Json | null;
    error: Json | null;
    created_at: Date;
    updated_at: Date;
  };
}
