import type { ColumnType, Generated } from 'kysely';

/** bigint ids come back as numbers (see db/open.ts), like the device tables. */
type Id = number;
/** A timestamptz the database fills in when the insert leaves it out. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb written as a JSON string (pg would send a JS array as a PostgreSQL array). */
type JsonColumn<T> = ColumnType<T, string, string>;

/**
 * Companies, people, roles, sessions, codes, mail and the shell's notes (migrations 0002-0005).
 * A person (`app_user`) belongs to companies through `company_user`, with one role in each.
 */
export interface AccountTables {
  company: {
    id: Generated<Id>;
    name: string;
    /** 0 end customer, 1 distributor, 2 re-seller. */
    type: Generated<number>;
    country: string | null;
    created_at: CreatedAt;
    /** Set by the Super Admin (0620): the company's people cannot sign in to it. */
    disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  company_group: {
    id: Generated<Id>;
    company_id: Id;
    /** Null for the company's root group. */
    parent_id: Id | null;
    name: string;
    created_at: CreatedAt;
  };
  app_user: {
    id: Generated<Id>;
    /** E-mail (lower case) or phone (digits); unique. */
    login_account: string;
    user_name: string;
    password_hash: string;
    password_changed_at: Date;
    password_expires_at: Date | null;
    /** Days a password lasts once set; null means it does not expire. */
    password_max_age_days: number | null;
    initial_pwd: Generated<number>;
    super_admin: Generated<boolean>;
    instruction_status: Generated<string>;
    created_at: CreatedAt;
    /** 'en' | 'cn': the language of the person's last sign-in, their mail's language (0310). */
    language: ColumnType<string | null, string | null | undefined, string | null>;
  };
  password_history: {
    id: Generated<Id>;
    user_id: Id;
    password_hash: string;
    created_at: Date;
  };
  role: {
    id: Generated<Id>;
    company_id: Id;
    name: string;
    role_type: number;
    is_default: Generated<boolean>;
    description: Generated<string>;
    fun_codes: JsonColumn<string[]>;
    created_at: CreatedAt;
  };
  company_user: {
    company_id: Id;
    user_id: Id;
    role_id: Id;
    /** The company the person lands in after sign-in. */
    is_default: Generated<boolean>;
    /** 0 for users that cannot be deleted (the owner who registered the company). */
    is_delete: Generated<number>;
    /** 1 enabled, 0 disabled (14020). */
    status: Generated<number>;
    created_at: CreatedAt;
  };
  user_session: {
    id: string;
    ticket_hash: string;
    sign_key: string;
    user_id: Id;
    company_id: Id | null;
    created_at: Date;
    expires_at: Date;
    ended_at: Date | null;
    /** 'logout' | 'elsewhere' | 'passwordChanged' */
    end_reason: string | null;
  };
  login_attempt: {
    account: string;
    failures: number;
    locked_until: Date | null;
    captcha_required: boolean;
    updated_at: Date;
  };
  captcha: {
    id: string;
    answer: string;
    expires_at: Date;
  };
  verification_code: {
    id: Generated<Id>;
    target: string;
    purpose: string;
    code_hash: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
    failures: Generated<number>;
    /** Remote address that asked for the code (null before migration 0140). */
    requested_from: string | null;
  };
  mail_outbox: {
    id: Generated<Id>;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    created_at: CreatedAt;
  };
  maintenance_notice: {
    id: Generated<Id>;
    message_en: string;
    message_cn: string;
    start_at: Date;
    end_at: Date;
    whitelist: JsonColumn<number[]>;
    /** Migration 0530: during the window, calls of companies not whitelisted answer 14053. */
    lock: Generated<boolean>;
    created_at: CreatedAt;
  };
  show_note: {
    id: Generated<Id>;
    company_id: Id;
    user_id: Id;
    content: string;
    biz_type: string;
    extend: JsonColumn<Record<string, unknown>>;
    checked: Generated<boolean>;
    created_at: CreatedAt;
  };
}
