import type { Generated } from 'kysely';

type Id = number;

/** Device notifications and each user's read state (migration 0050). */
export interface DeviceNotificationTables {
  device_notification: {
    id: Generated<Id>;
    company_id: Id;
    sn: string;
    biz_type: string;
    severity: string;
    extend: Generated<unknown>;
    at: Date;
    /** The grouped notification this one belongs to (migration 0150); null when shown on its own. */
    group_id: Id | null;
  };
  /** Every notification of the company with an id up to `read_up_to` is read by the user. */
  device_notification_cursor: {
    company_id: Id;
    user_id: Id;
    read_up_to: Id;
  };
  /** Notifications above the cursor the user read one by one. */
  device_notification_read: {
    company_id: Id;
    user_id: Id;
    notification_id: Id;
  };
}
