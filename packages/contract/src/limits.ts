/**
 * Business constants and limits: core §9 and features §9 (a few from §4/§7 where they are the same kind
 * of number). Units are in the names; sizes use 1024 steps like the spec's byte formatting.
 */

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

// Workspace and paging (core §9)
/** Open tabs in the workspace; opening one more closes the leftmost. */
export const MAX_TABS = 10;
/** Browser tabs of the platform kept open; older ones are closed. */
export const MAX_BROWSER_TABS = 10;
/** Page size of the visitable-menu fetch. */
export const MENU_PAGE_SIZE = 999;
/** First page of the company list. */
export const COMPANY_LIST_PAGE_NUM = 1;
/** Default page size of the company list. */
export const COMPANY_LIST_PAGE_SIZE = 10;
/** Page size of the published-model list. */
export const MODEL_LIST_PAGE_SIZE = 99999;
/**
 * The largest page number any list call accepts (code 1 naming pageNum beyond it). A million pages is
 * far past any list a person pages through, and keeps the offset (pageNum - 1) × pageSize well inside
 * the database's 64-bit integers for every page size the calls allow.
 */
export const PAGE_NUM_MAX = 1_000_000;
/** The largest page size of the generic paging fields (core §9: the model list asks for 99999). */
export const PAGE_SIZE_MAX = 99999;
/**
 * The latest instant a time filter or field accepts, in unix ms: the last millisecond of the year 9999.
 * Later values cannot be dates in JavaScript or PostgreSQL's formats; they are refused with code 1.
 */
export const INSTANT_MS_MAX = 253_402_300_799_999;
/** Page size of the device-group query. */
export const GROUP_QUERY_PAGE_SIZE = 9999;
/** Delay before the instruction dialog opens. */
export const INSTRUCTION_DIALOG_DELAY_MS = 1000;
/** Screen width under which charts switch layout. */
export const CHART_BREAKPOINT_PX = 1360;
/** Screen width under which the console's left menu starts collapsed (issue 12). */
export const MENU_COLLAPSE_BELOW_PX = 1280;
/** Height of the console header. */
export const HEADER_HEIGHT_PX = 55;
/** Height of the console footer. */
export const FOOTER_HEIGHT_PX = 40;
/** Height of the insufficient-licence banner. */
export const LICENCE_BANNER_HEIGHT_PX = 25;
/** How long an error toast stays (core §8, features §9). */
export const TOAST_SECONDS = 5;
/** Chart x-axis labels longer than this are cut (core §2). */
export const AXIS_LABEL_MAX_CHARS = 15;

// Sessions and companies
/** A session ends after this many hours signed in (code 20). */
export const SESSION_MAX_HOURS = 4;
/** Companies one user can join (code 14049). */
export const MAX_COMPANIES_PER_USER = 100;
/** Time ranges per day of a company access restriction. */
export const MAX_RESTRICTION_RANGES_PER_DAY = 2;

// Exports, reports and links
/** Exports above this many records ask for confirmation first. */
export const EXPORT_WARN_RECORDS = 1000;
/** Records in one export. */
export const EXPORT_MAX_RECORDS = 10000;
/** Export records in generating or ready state at one time (code 120043). */
export const MAX_EXPORT_RECORDS_KEPT = 10;
/** How long a history-log export file is kept. */
export const HISTORY_LOG_EXPORT_KEEP_HOURS = 24;
/** History-log exports must be downloaded before this UTC time. */
export const HISTORY_LOG_EXPORT_DEADLINE_UTC = '00:05';
/** Longest export time range (code 120098). */
export const EXPORT_RANGE_MAX_MONTHS = 3;
/** How long link-generation records are kept. */
export const LINK_RECORD_KEEP_MONTHS = 3;
/** A sharing link (or shared resource link) stays valid this long. */
export const SHARE_LINK_VALID_HOURS = 48;
/** Default wait of an asynchronous export call (core §7). */
export const EXPORT_WAIT_TIMEOUT_MS = 120_000;
/** Days covered by each report frequency; weekly and monthly exclude today. */
export const REPORT_PERIOD_DAYS = { daily: 1, weekly: 7, monthly: 30 } as const;
/** Fields of a custom report. */
export const CUSTOM_REPORT_MAX_FIELDS = 30;
/** Fields of a custom report, at least. */
export const CUSTOM_REPORT_MIN_FIELDS = 1;

// Devices and updates
/** Minutes a serial port stays occupied after an abnormal window close. */
export const SERIAL_PORT_HOLD_MINUTES = 5;
/** Minutes a DNS update can take. */
export const DNS_UPDATE_MAX_MINUTES = 5;
/** A timer must be at least this far ahead of now (code 120074). */
export const TIMER_MIN_LEAD_MINUTES = 15;
/** Updates must be at least this far apart (code 120072). */
export const UPDATE_MIN_GAP_MINUTES = 15;
/** Tags on one device. */
export const MAX_TAGS_PER_DEVICE = 5;
/** Devices in one assign or transfer operation (code 17000). */
export const MAX_DEVICES_PER_ASSIGN = 100;
/** Devices bound to one cloud IoT connector (code 600009). */
export const MAX_DEVICES_PER_IOT_CONNECTOR = 30;
/** Times the LED flashes in the tech-support LED test. */
export const LED_FLASH_COUNT = 5;
/** Minimum app versions for remote access, per OS line. */
export const REMOTE_ACCESS_MIN_APP_VERSION = { standard: '5.1.0', pro: '2.1.0' } as const;
/** Minimum versions for zero-touch templates, per OS line. */
export const ZERO_TOUCH_MIN_VERSION = { standard: '5.3.0', pro: '2.3.0' } as const;
/** Cross-version upgrades go via this firmware (code 120100). */
export const CROSS_VERSION_FIRMWARE = '5.2.2';
/** Models that have app packages to offer. */
export const APP_PACKAGE_MODELS = [
  'r1500',
  'r2100',
  'r2110',
  'r5020',
  'm1200',
  'meg5000',
  'r3000lg',
  'r3000',
  'r2000',
  'r151x',
  'r1520',
] as const;

// Licences, payments and data
/** Days of access each licence gives (also each installer console licence). */
export const LICENCE_DAYS = 30;
/** A data package is valid this many days from first use. */
export const DATA_PACKAGE_VALID_DAYS = 30;
/**
 * VPN data one data package puts into the pool. The spec sells packages without naming a size; 1 GB is
 * the unit the included traffic is counted in (5 GB Advanced), so a package reads as "one more GB".
 */
export const DATA_PACKAGE_BYTES = GB;
/** Packages one "add to pool" moves at most: a year of one package a day, and a bound for one transaction. */
export const MAX_DATA_PACKAGES_PER_ADD = 1000;
/** A company's pool is "low" when what remains is at most this share of its unexpired data, until it sets its own. */
export const DATA_POOL_LOW_PERCENT_DEFAULT = 20;
/** Minimum licence purchase (code 190312). */
export const MIN_PURCHASE = 12;
/** Largest single transaction in USD (code 190320). */
export const MAX_TRANSACTION_USD = 999_999.99;
/** Online licence purchase is currently disabled: buy through a distributor by purchase order. */
export const ONLINE_PURCHASE_ENABLED = false;
/** VPN traffic included with an Advanced licence. */
export const VPN_TRAFFIC_ADVANCED_BYTES = 5 * GB;
/** VPN traffic included with an Extension licence. */
export const VPN_TRAFFIC_EXTENSION_BYTES = 10 * MB;
/** VPN groups one service client can join (code 180033). */
export const MAX_VPN_GROUPS_PER_SERVICE_CLIENT = 5;
/**
 * VPN groups one company may create (code 180032 with the number). The spec names the code, not the
 * number; 20 groups of up to 253 sites each is more than any customer of the source product used.
 */
export const MAX_VPN_GROUPS_PER_COMPANY = 20;
/** Largest auto-renew period. */
export const MAX_AUTO_RENEW_PERIOD = 500;

// Installer console (features §9)
/** Devices one installer console licence covers. */
export const INSTALLER_LICENCE_MAX_DEVICES = 5000;
/** Approximate monthly price of the installer console in USD. */
export const INSTALLER_MONTHLY_PRICE_USD = 100;
/** Free trial of the installer console per company. */
export const INSTALLER_FREE_TRIAL_MONTHS = 2;
/** Purchases of at least this many months get volume discounts. */
export const INSTALLER_VOLUME_DISCOUNT_MONTHS = 36;
/** Minimum firmware and app versions for the installer console, per OS line. */
export const INSTALLER_MIN_VERSIONS = {
  robustOs: { firmware: '5.2.2', app: '5.1.0' },
  pro: { firmware: '2.2.0', app: '2.1.0' },
} as const;
/** Additional assets recorded per installation. */
export const MAX_ADDITIONAL_ASSETS_PER_INSTALLATION = 6;
/** Rolling window of commercial data usage, device list and uptime. */
export const COMMERCIAL_WINDOW_DAYS = 30;
/** Window of dashboard data. */
export const DASHBOARD_DATA_MONTHS = 1;
/** Largest global data limit; 0 means unlimited. */
export const GLOBAL_DATA_LIMIT_MAX_MB = 10_485_760;
/** Largest estate log suppression interval. */
export const ESTATE_LOG_SUPPRESSION_MAX_MINUTES = 43_200;

// Portal, uploads and open API (features §9)
/** Languages of one portal. */
export const PORTAL_MAX_LANGUAGES = 10;
/** Portal images must be under this size. */
export const PORTAL_IMAGE_MAX_BYTES = 1024 * KB;
/** The portal terms file must be under this size. */
export const PORTAL_TERMS_MAX_BYTES = 2 * MB;
/** Portal templates of one company (900101; the spec leaves {num} open: docs/decisions.md "Portal manager"). */
export const PORTAL_TEMPLATES_MAX = 50;
/** Largest download, upload or total limit of a portal session, MB (1 TB); 0 is unlimited. */
export const PORTAL_DATA_LIMIT_MAX_MB = 1_048_576;
/** Largest portal session timeout, minutes (30 days); 0 is unlimited. */
export const PORTAL_SESSION_TIMEOUT_MAX_MINUTES = 43_200;
/** Largest portal bandwidth limit, kbit/s (1 Gbit/s); 0 is unlimited. */
export const PORTAL_BANDWIDTH_MAX_KBPS = 1_000_000;
/** Largest auto-reset interval of a portal's usage, days. */
export const PORTAL_RESET_EVERY_MAX_DAYS = 365;
/** Splash page requests per visitor address a minute (a venue's visitors share the router's address). */
export const PORTAL_SPLASH_PER_MINUTE = 600;
/** Life of the one-time splash token bound to a router and a client MAC. */
export const PORTAL_SPLASH_TOKEN_SECONDS = 120;
/**
 * An open RADIUS session counts as a current client while its router reported it (Start or
 * Interim-Update) within this many minutes: a router that died never sends the Stop.
 */
export const PORTAL_CLIENT_CURRENT_MINUTES = 30;
/** Release attachments must be under this size. */
export const RELEASE_ATTACHMENT_MAX_BYTES = 200 * MB;
/** Calls per second per open API client ID. */
export const OPEN_API_CALLS_PER_SECOND = 12;
/** Upload and trigger frequency bounds: 1-59 seconds or minutes, 1-23 hours. */
export const UPLOAD_FREQUENCY_MAX = { second: 59, minute: 59, hour: 23 } as const;

// Elevator real-time view (features §4)
/** Refresh period of the elevator real-time view. */
export const ELEVATOR_REALTIME_REFRESH_MS = 1000;
/** The real-time view switches off after this much inactivity. */
export const ELEVATOR_REALTIME_IDLE_MINUTES = 5;

// Files (core §8 14063, §9; features §5, §9)
/** Any upload must be under this size (code 14063). */
export const UPLOAD_MAX_BYTES = 500 * MB;
/** A signed download link is valid this long unless its maker asks for another lifetime. */
export const FILE_URL_DEFAULT_TTL_SECONDS = 3600;
/** Longest lifetime of a signed download link: devices resume firmware downloads within it. */
export const FILE_URL_MAX_TTL_SECONDS = 7 * 24 * 3600;
// Abuse limits (issue 11). The per-address rates are server settings (README); these are their defaults.
/** Largest body an anonymous call (sign-in, registration, codes, captcha, invitations) accepts. */
export const ANONYMOUS_BODY_LIMIT_BYTES = 16 * KB;
/** Deepest nesting of arrays and objects any JSON body may have. */
export const MAX_JSON_DEPTH = 32;
/** Calls per address and minute, by kind of anonymous call; more are refused with `Retry-After`. */
export const DEFAULT_ADDRESS_RATE_PER_MINUTE = {
  signIn: 20,
  captcha: 30,
  registration: 10,
  codes: 5,
} as const;
/** Different recipients one address may have verification codes mailed to in an hour. */
export const DEFAULT_CODE_RECIPIENTS_PER_ADDRESS_HOUR = 10;
/** Live sockets one session may hold at once (browser tabs); the oldest closes when one more opens. */
export const LIVE_SOCKETS_PER_SESSION = 10;
/** A console hears at most one presence or hello update per device in this time (the latest wins). */
export const LIVE_DEVICE_UPDATE_INTERVAL_MS = 1000;
