import type { ColumnType, Generated } from 'kysely';

type Id = number;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** The device console's tables (migrations 0030-0031). */
export interface DeviceConsoleTables {
  device_tag: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    created_at: CreatedAt;
  };
  device_tag_link: {
    tag_id: Id;
    sn: string;
  };
  /** Devices per company, kept exact by triggers (migration 0031). */
  device_count: {
    company_id: Id;
    total: number;
  };
  /** A serial port closed abnormally stays occupied until `held_until` (core §9: 5 minutes). */
  serial_port_hold: {
    sn: string;
    port: number;
    held_until: Date;
    /** SHA-256 of the lease token the opening console holds (migration 0070); null for older holds. */
    lease_hash: string | null;
    holder_user_id: Id | null;
  };
}
