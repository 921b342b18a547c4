import type { ColumnType, Generated } from 'kysely';

type Id = ColumnType<number, number, number>;
type Instant = ColumnType<Date, Date, Date>;

/** The IoT connector area's tables (migration 0580_iot_connectors). */
export interface IotConnectorTables {
  iot_connector: {
    id: Generated<number>;
    company_id: Id;
    name: string;
    kind: string;
    application_url: string;
    id_scope: string | null;
    template: string | null;
    interface_id: string | null;
    token_name: string;
    /** The API token, sealed (platform/sealed-secret.ts, purpose `iot-connector-token`). */
    token_sealed: string;
    token_mask: string;
    /** The last device_telemetry row handled: later rows of its routers are what it still owes. */
    last_telemetry_id: ColumnType<number, number | undefined, number>;
    /** The delivery job under way, if any (one at a time per connector). */
    job_id: number | null;
    delivered: ColumnType<number, number | undefined, number>;
    last_delivered_at: Date | null;
    failing_since: Date | null;
    last_error: string | null;
    created_by: number | null;
    created_at: Instant;
    updated_at: Instant;
  };
  /** A router bound to a connector: one connector at most per router (the SN is the key). */
  iot_connector_router: {
    sn: string;
    connector_id: Id;
    company_id: Id;
    bound_at: Instant;
  };
}
