import type { NetworkEnvironment } from '../device/links.ts';
import type { RpcState } from '../device/rpc.ts';
import type { Labels } from './labels.ts';

/** Device connection state (core §4 "State labels"). */
export const ONLINE_STATES = ['online', 'offline'] as const;
export type OnlineState = (typeof ONLINE_STATES)[number];
export const ONLINE_STATE_LABELS: Labels<OnlineState> = {
  online: { en: 'Online', cn: '在线' },
  offline: { en: 'Offline', cn: '离线' },
};

/** Device registration state (core §4). */
export const REGISTRATION_STATES = ['registered', 'unregistered'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];
export const REGISTRATION_STATE_LABELS: Labels<RegistrationState> = {
  registered: { en: 'Registered', cn: '已注册' },
  unregistered: { en: 'Unregistered', cn: '未注册' },
};

/** Device activation state (core §4). */
export const ACTIVATION_STATES = ['active', 'inactive'] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];
export const ACTIVATION_STATE_LABELS: Labels<ActivationState> = {
  active: { en: 'Active', cn: '已激活' },
  inactive: { en: 'Inactive', cn: '未激活' },
};

/** How a device reaches the platform (core §3 "model type"). */
export const DEVICE_MODEL_TYPES = ['DIRECT', 'INDIRECT'] as const;
export type DeviceModelType = (typeof DEVICE_MODEL_TYPES)[number];
export const DEVICE_MODEL_TYPE_LABELS: Labels<DeviceModelType> = {
  DIRECT: { en: 'Directly connected', cn: '直连设备' },
  INDIRECT: { en: 'Indirectly connected', cn: '非直连设备' },
};

/** Labels of the network environment (core §3); the schema is NetworkEnvironmentSchema of ../device/links.ts. */
export const NETWORK_ENVIRONMENT_LABELS: Labels<NetworkEnvironment> = {
  private: { en: 'Private IP', cn: '私网IP' },
  public: { en: 'Public IP', cn: '公网IP' },
};

/** Status actions offered on a device (core §3). */
export const STATUS_ACTIONS = ['Reboot', 'ledTest'] as const;
export type StatusAction = (typeof STATUS_ACTIONS)[number];
export const STATUS_ACTION_LABELS: Labels<StatusAction> = {
  Reboot: { en: 'Reboot', cn: '重启' },
  ledTest: { en: 'LED test', cn: 'LED测试' },
};

/** Wi-Fi access point frequency (core §3). */
export const AP_FREQUENCIES = ['all', '2.4GHz', '5GHz'] as const;
export type ApFrequency = (typeof AP_FREQUENCIES)[number];
export const AP_FREQUENCY_LABELS: Labels<ApFrequency> = {
  all: { en: 'All', cn: '全部' },
  '2.4GHz': { en: '2.4GHz', cn: '2.4GHz频段' },
  '5GHz': { en: '5GHz', cn: '5GHz频段' },
};

/** Labels of remote operation results (features §4); the states are RPC_STATES of ../device/rpc.ts. */
export const REMOTE_OPERATION_STATE_LABELS: Labels<RpcState> = {
  inExecution: { en: 'In execution', cn: '执行中' },
  success: { en: 'Success', cn: '成功' },
  failure: { en: 'Failure', cn: '失败' },
  timeout: { en: 'Timeout', cn: '超时' },
};

/** Data upload strategies (core §3; features §4 adds the specific-time form). */
export const UPLOAD_STRATEGIES = ['IMMEDIATELY', 'REGULAR', 'INTERVAL', 'CHANGE'] as const;
export type UploadStrategy = (typeof UPLOAD_STRATEGIES)[number];
export const UPLOAD_STRATEGY_LABELS: Labels<UploadStrategy> = {
  IMMEDIATELY: { en: 'Immediately', cn: '立即上传' },
  REGULAR: { en: 'Regular (specific time)', cn: '定时上传' },
  INTERVAL: { en: 'Time-defined: interval', cn: '自定义时间：按间隔' },
  CHANGE: { en: 'Time-defined: on change', cn: '自定义时间：变化时' },
};

/** Units of an upload frequency (core §3). */
export const UPLOAD_UNITS = ['second', 'minute', 'hour'] as const;
export type UploadUnit = (typeof UPLOAD_UNITS)[number];
export const UPLOAD_UNIT_LABELS: Labels<UploadUnit> = {
  second: { en: 'Second', cn: '秒' },
  minute: { en: 'Minute', cn: '分钟' },
  hour: { en: 'Hour', cn: '小时' },
};

/** Installer console auto-installation setting (features §4). */
export const AUTO_INSTALLATION_STATES = ['enabled', 'disabled'] as const;
export type AutoInstallationState = (typeof AUTO_INSTALLATION_STATES)[number];
