type Instant = Date;

/** Two-factor sign-in's tables (migration 0430_two_factor). */
export interface TwoFactorTables {
  /** A person's TOTP key, sealed ('two-factor' purpose); confirmed_at null while enrolment waits for a code. */
  user_second_factor: {
    user_id: number;
    secret_sealed: string;
    /** The last 30-second step accepted: a code of that step or earlier is refused (replay). */
    last_step: number | null;
    confirmed_at: Instant | null;
    created_at: Instant;
  };
  /** One unused recovery code, by SHA-256; the row is deleted when the code is used. */
  user_recovery_code: {
    user_id: number;
    code_hash: string;
  };
  /** Between the password and the code: single-use, 5 minutes, by SHA-256 of the token. */
  second_factor_challenge: {
    challenge_hash: string;
    user_id: number;
    /** The normalised sign-in account: wrong codes count on its lockout ladder. */
    account: string;
    /** The company the session will be bound to (null: the Super Admin). */
    company_id: number | null;
    /** The person has no confirmed factor and the policy asks for one: this step enrols. */
    enrol: boolean;
    expires_at: Instant;
  };
  company_two_factor_policy: {
    company_id: number;
    policy: string;
    updated_at: Instant;
  };
}
