import type { PointConnectionType, PointTableProtocol } from '@fleetport/contract';

/** The table's own fields as the details page edits them (its points are kept apart). */
export interface TableFields {
  name: string;
  protocol: PointTableProtocol;
  connectionType: PointConnectionType;
  slaveIp: string;
  slavePort: number;
  slaveId: number;
}
