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
}
