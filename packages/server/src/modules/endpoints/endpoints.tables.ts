import type { PointConnectionType } from '@fleetport/contract';
import type { Generated } from 'kysely';

/** Endpoints behind gateways (migration 0720). */
export interface EndpointTables {
  endpoint: {
    id: Generated<number>;
    company_id: number;
    endpoint_id: string;
    name: string;
    description: string;
    product_id: number;
    group_id: number | null;
    gateway_sn: string;
    connection_method: PointConnectionType;
    target_version: string;
    /** As the gateway last reported the endpoint (up kind `endpoint`, ingested by the gateway side). */
    created_at: Date;
    updated_at: Date;
  };
}
