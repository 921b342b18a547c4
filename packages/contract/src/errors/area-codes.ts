/**
 * Named codes of the areas whose messages live in their own files (alerts, app centre, remote
 * configuration, quotas, rollouts, VPN). Names only, apart from the messages: the console's first load
 * needs the names (`ErrorCode`), and the messages come after it (catalogue.ts).
 */

export const ALERT_ERROR_CODES = {
  ALERT_NOT_FIRING: 800038,
  ALERT_NOT_FOUND: 800039,
  ALERT_RULE_LIMIT: 800040,
  ALERT_SILENCE_NOT_FOUND: 800041,
  ALERT_SILENCE_TARGET_UNKNOWN: 800042,
  ALERT_SILENCE_LIMIT: 800043,
  WEBHOOK_NOT_FOUND: 800050,
  WEBHOOK_LIMIT: 800051,
} as const;

/** Reports and custom reports (issue 16): 800060-800079. */
export const REPORT_ERROR_CODES = {
  REPORT_NOT_FOUND: 800060,
  CUSTOM_REPORT_NOT_FOUND: 800061,
  /** data: { num } */
  REPORT_TOO_MANY_DEVICES: 800062,
  /** data: { num } */
  REPORT_SPAN_TOO_LONG: 800063,
  CUSTOM_REPORT_IN_USE: 800064,
  REPORT_RUN_NOT_FOUND: 800065,
  /** data: { num } */
  REPORT_LIMIT: 800066,
  /** A run's file was refused by the file store (full, unwritable, unreachable): the run failed. */
  REPORT_FILE_NOT_STORED: 800067,
} as const;

/**
 * The app centre's firmware and apps (issue 14; core §8 "160xxx product package errors"): 160030-160049.
 * 160001-160022 are the endpoint manager's product packages; these are the router software catalogue's.
 */
export const APP_CENTRE_ERROR_CODES = {
  APP_PACKAGE_NOT_FOUND: 160030,
  APP_PACKAGE_VERSION_EXISTS: 160031,
  /** A published version is taken back first (docs/decisions.md "App centre deletion"). */
  APP_PACKAGE_PUBLISHED: 160032,
  APP_PACKAGE_IN_USE: 160033,
  APP_PACKAGE_FILE_INVALID: 160034,
  APP_PACKAGE_LOGO_INVALID: 160035,
  APP_PACKAGE_DOCS_INVALID: 160036,
  APP_PACKAGE_TARGET_INVALID: 160037,
  APP_PACKAGE_COMPANY_APPS_ONLY: 160038,
  /** data: { model } */
  APP_PACKAGE_MODEL_UNKNOWN: 160039,
  /** The package's series or models do not include the device's (docs/decisions.md "Package fit"). */
  APP_PACKAGE_NOT_FOR_DEVICE: 160040,
} as const;

export const DEVICE_CONFIG_ERROR_CODES = {
  CONFIG_CHANGE_IN_PROGRESS: 120118,
  CONFIG_NOT_REPORTED: 120119,
  CONFIG_ROLLBACK_NOT_APPLIED: 120120,
  CONFIG_DRIFTED: 120121,
  CONFIG_NOT_DRIFTED: 120122,
  // Why a change-set ended badly, as the cloud words it (a change-set's `reasonCode`; the device's own
  // words, when it gave any, follow as its `reason`).
  CONFIG_NOT_SENT: 120123,
  CONFIG_NOT_TAKEN: 120124,
  CONFIG_NOT_CONFIRMED: 120125,
  CONFIG_CONFIRM_FAILED: 120126,
  CONFIG_REFUSED: 120127,
  CONFIG_ALREADY_REVERTED: 120128,
  CONFIG_UNKNOWN_TO_DEVICE: 120129,
  CONFIG_REVERTED_BY_DEVICE: 120130,
} as const;

export const QUOTA_ERROR_CODES = {
  /** data: { company, limit, held, adding } */
  QUOTA_DEVICES_REACHED: 15050,
  /** data: { company, product, limit, drawn, asked } */
  QUOTA_LICENCES_TOTAL_REACHED: 15051,
  QUOTA_LICENCES_MONTH_REACHED: 15052,
  QUOTA_LICENCES_YEAR_REACHED: 15053,
  /** data: { field, limit } */
  QUOTA_ABOVE_OWN: 15054,
  PROVISIONER_NOT_PARTNER: 15055,
} as const;

export const ROLLOUT_ERROR_CODES = {
  ROLLOUT_NOT_FOUND: 190650,
  ROLLOUT_NO_DEVICES: 190651,
  ROLLOUT_TOO_MANY_DEVICES: 190652,
  ROLLOUT_NOT_RUNNING: 190653,
  ROLLOUT_NOT_STOPPED: 190654,
  ROLLOUT_ENDED: 190655,
  ROLLOUT_NOTHING_TO_RETRY: 190656,
  GROUP_PROFILE_EMPTY: 190657,
} as const;

/** Named VPN codes of issue 17 beyond the core's (core-codes.ts names 180001-180035). */
export const VPN_ERROR_CODES = {
  VPN_ADDRESS_POOL_FULL: 180040,
  VPN_DEVICE_NOT_IN_GROUP: 180041,
  VPN_CLIENT_NOT_IN_GROUP: 180042,
  VPN_HUB_NOT_INSTALLED: 180043,
  VPN_GROUP_STOPPED: 180044,
  VPN_LAN_OVERLAP: 180045,
  VPN_END_DEVICE_NOT_FOUND: 180046,
  VPN_END_DEVICE_OUTSIDE_LAN: 180047,
} as const;

/**
 * The open API (issue 18): 610001-610020. Each travels with an honest HTTP status (docs/api.md "Open
 * API"): 401 for credentials, 403 for what the client may not do, 404, 409, 422 and 429.
 */
export const OPEN_API_ERROR_CODES = {
  /** 401: unknown client id, wrong secret, or a disabled client (the token call answers RFC 6749's invalid_client). */
  OPEN_API_INVALID_CLIENT: 610001,
  /** 401: no bearer token, or one the platform never issued or has revoked. */
  OPEN_API_TOKEN_INVALID: 610002,
  /** 401: the token's hour is over. */
  OPEN_API_TOKEN_EXPIRED: 610003,
  /** 403: data: { scope } the token lacks. */
  OPEN_API_SCOPE_MISSING: 610004,
  /** 403: data: { interfaceId } not in the client's authorised list. */
  OPEN_API_INTERFACE_NOT_AUTHORISED: 610005,
  /** 429: data: { limit, retryAfter } */
  OPEN_API_RATE_LIMITED: 610006,
  /** 422: the Idempotency-Key was used with another request. */
  OPEN_API_IDEMPOTENCY_KEY_REUSED: 610007,
  /** 400: a mutating interface was called without an Idempotency-Key (or a longer one than 128). */
  OPEN_API_IDEMPOTENCY_KEY_MISSING: 610008,
  /** 409: the first request with this key has not answered yet. */
  OPEN_API_IDEMPOTENCY_IN_PROGRESS: 610009,
  /** Console: another client of the company has this name. */
  OPEN_API_CLIENT_NAME_EXISTS: 610010,
  /** Console: no such client in the company. */
  OPEN_API_CLIENT_NOT_FOUND: 610011,
  /** 404: no interface at this path, or no such object in the client's reach. */
  OPEN_API_NOT_FOUND: 610012,
  /** 403: an administration interface and a client not marked is-admin. */
  OPEN_API_ADMIN_ONLY: 610013,
  /** Console: data: { interfaceId } that does not exist. */
  OPEN_API_INTERFACE_UNKNOWN: 610014,
  /** 400: the token call asked for a scope the client does not hold (RFC 6749 invalid_scope). */
  OPEN_API_SCOPE_NOT_GRANTED: 610015,
} as const;

/**
 * Two-factor sign-in (issue 18): 610021-610031. A wrong, replayed or used code counts on the same
 * per-account counter as a wrong password; the third failure answers 14031 (docs/decisions.md).
 */
export const TWO_FACTOR_ERROR_CODES = {
  /** The 5-minute challenge after the password is unknown, used or over. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 610021,
  /** data: attempts left before the lock. */
  TWO_FACTOR_CODE_WRONG: 610022,
  /** The code's 30-second step was already used (RFC 6238 §5.2); data: attempts left. */
  TWO_FACTOR_CODE_REUSED: 610023,
  /** Unknown or already used recovery code; data: attempts left. */
  TWO_FACTOR_RECOVERY_CODE_INVALID: 610024,
  /** A recovery code was given to a challenge that asks the person to enrol. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 610025,
  /** The company's policy requires the factor: it cannot be removed by its owner. */
  TWO_FACTOR_REQUIRED_BY_POLICY: 610026,
  TWO_FACTOR_ALREADY_ENROLLED: 610027,
  TWO_FACTOR_NOT_ENROLLED: 610028,
  /** Confirming an enrolment that was never started (or was replaced). */
  TWO_FACTOR_ENROLMENT_NOT_STARTED: 610029,
  /** Resetting the factor of a member who also belongs to a company outside the caller's reach. */
  TWO_FACTOR_MEMBER_ELSEWHERE: 610030,
  /** Creating an open API client or rotating its secret without the current code of a person with two-factor on. */
  TWO_FACTOR_CODE_NEEDED: 610031,
} as const;

/** The Super Admin console (issue 18): 610041-610049. */
export const SUPER_ADMIN_ERROR_CODES = {
  /** The company was disabled by the Super Admin: sign-in to it and its sessions' calls are refused. */
  COMPANY_DISABLED: 610041,
  /** The feature's retirement date has passed (docs/decisions.md "Feature retirements"). */
  FEATURE_RETIRED: 610042,
  /** The Super Admin named a company that does not exist. */
  PLATFORM_COMPANY_NOT_FOUND: 610043,
  /** The Super Admin's own second factor cannot be turned off. */
  TWO_FACTOR_REQUIRED_FOR_SUPER_ADMIN: 610044,
} as const;

/** The installer console's scope-of-work templates (issue 20; "SOW errors: new catalogue codes"): 191001-191019. */
export const INSTALLER_ERROR_CODES = {
  SOW_NAME_EXISTS: 191001,
  SOW_NOT_FOUND: 191002,
  /** data: { num } */
  SOW_LIMIT: 191003,
  /** data: { field } — a file name with characters other than letters, digits, space, `.`, `-`, `_`. */
  SOW_FILE_NAME: 191004,
  /** data: { field } — a label's content with a character outside printable ASCII. */
  SOW_LABEL_NOT_ASCII: 191005,
  /** The router configuration file is not a well-formed XML upload of at most 1024 KB. */
  SOW_CONFIG_INVALID: 191006,
} as const;
