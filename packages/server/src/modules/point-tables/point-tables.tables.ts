import type { PointTablePoint } from '@fleetport/contract';
import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

/** Point tables (migration 0400). */
export interface PointTableTables {
  point_table: {
    id: Generated<number>;
    company_id: number;
    name: string;
    protocol: 'modbusTcp' | 'modbusRtu';
    connection_type: 'tcp' | 'rtuOverTcp' | 'serial';
    slave_ip: string;
    slave_port: number;
    slave_id: number;
    /** The points in table order, as the contract's `PointSchema`. */
    points: Json<PointTablePoint[]>;
    created_at: Date;
    updated_at: Date;
  };
  /** Endpoint samples as gateways poll them (migration 0700; up kind `endpoint`). */
  endpoint_sample: {
    company_id: number;
    sn: string;
    endpoint_id: string;
    at: Date;
    values: Json<EndpointValues>;
    quality: 'good' | 'partial';
    received_at: Date;
  };
  /** Per endpoint of a gateway: its latest sample and presence. */
  endpoint_state: {
    company_id: number;
    sn: string;
    endpoint_id: string;
    values: Json<EndpointValues | null>;
    quality: 'good' | 'partial' | null;
    sample_at: Date | null;
    online: boolean | null;
    offline_reason: string | null;
    presence_at: Date | null;
  };
}

/** A sample's values by point name (null: the point was not read that time). */
export type EndpointValues = Record<string, number | string | null>;
