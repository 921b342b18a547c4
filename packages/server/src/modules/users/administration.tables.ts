import type { ColumnType, Generated } from 'kysely';

type Id = number;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb written as a JSON string (pg would send a JS array as a PostgreSQL array). */
type JsonColumn<T> = ColumnType<T, string, string>;

/**
 * Company administration (migrations 0020-0024, 0040): partner links, invitations, access restrictions,
 * page column preferences and the activity log.
 */
export interface AdministrationTables {
  company_relation: {
    id: Generated<Id>;
    upstream_company_id: Id;
    downstream_company_id: Id;
    created_at: CreatedAt;
  };
  user_invitation: {
    id: Generated<Id>;
    company_id: Id;
    /** Lower case. */
    email: string;
    role_id: Id;
    token_hash: string;
    /** 'pending' | 'accepted' (a refused invitation is deleted). */
    state: string;
    inviter_user_id: Id | null;
    created_at: Date;
    expires_at: Date;
    accepted_at: Date | null;
  };
  company_access_restriction: {
    company_id: Id;
    enabled: boolean;
    /** YYYY-MM-DD, UTC, inclusive. */
    start_date: string;
    end_date: string;
    days: JsonColumn<{ day: string; windows: { start: string; end: string }[] }[]>;
    role_types: JsonColumn<number[]>;
    holidays: JsonColumn<{ name: string; time: string }[]>;
    updated_at: Date;
  };
  page_column: {
    user_id: Id;
    page_name: string;
    columns: JsonColumn<string[]>;
    updated_at: Date;
  };
  activity_log: {
    id: Generated<Id>;
    company_id: Id | null;
    user_id: Id | null;
    user_name: string | null;
    login_account: string | null;
    call_id: string;
    object: string | null;
    remote_address: string | null;
    result_code: number;
    at: Date;
    /** Migration 0050: the devices the entry concerns (`sn` / `sns` of the call). */
    device_sns: string[] | null;
  };
  /** Migration 0040: administrators of device groups; they cannot be altered (14025). */
  group_admin: {
    company_id: Id;
    group_id: Id;
    user_id: Id;
  };
}
