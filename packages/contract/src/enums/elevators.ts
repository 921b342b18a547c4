import type { Labels } from './labels.ts';

/** Elevator status (features §4). */
export const ELEVATOR_STATUSES = [
  'offline',
  'service',
  'fault',
  'fire',
  'expired',
  'abnormality',
  'earthquake',
  'maintenance',
  'stopped',
] as const;
export type ElevatorStatus = (typeof ELEVATOR_STATUSES)[number];
export const ELEVATOR_STATUS_LABELS: Labels<ElevatorStatus> = {
  offline: { en: 'Offline', cn: '离线' },
  service: { en: 'In service', cn: '运行中' },
  fault: { en: 'Fault', cn: '故障' },
  fire: { en: 'Fire', cn: '消防' },
  expired: { en: 'Expired', cn: '已过期' },
  abnormality: { en: 'Abnormality', cn: '异常' },
  earthquake: { en: 'Earthquake', cn: '地震' },
  maintenance: { en: 'Maintenance', cn: '检修' },
  stopped: { en: 'Stopped', cn: '停梯' },
};

/** Elevator types (features §5). */
export const ELEVATOR_TYPES = [
  'passenger',
  'cargo',
  'hospital',
  'escalator',
  'sightseeing',
  'home',
  'vehicle',
  'ship',
  'construction',
] as const;
export type ElevatorType = (typeof ELEVATOR_TYPES)[number];
export const ELEVATOR_TYPE_LABELS: Labels<ElevatorType> = {
  passenger: { en: 'Passenger elevator', cn: '乘客电梯' },
  cargo: { en: 'Cargo elevator', cn: '载货电梯' },
  hospital: { en: 'Hospital elevator', cn: '病床电梯' },
  escalator: { en: 'Escalator', cn: '自动扶梯' },
  sightseeing: { en: 'Sightseeing elevator', cn: '观光电梯' },
  home: { en: 'Home elevator', cn: '家用电梯' },
  vehicle: { en: 'Vehicle elevator', cn: '汽车电梯' },
  ship: { en: 'Ship elevator', cn: '船用电梯' },
  construction: { en: 'Construction elevator', cn: '施工升降机' },
};

/** Traction ratio; 1:1 is the default (features §5). */
export const TRACTION_RATIOS = ['1:1', '2:1'] as const;
export type TractionRatio = (typeof TRACTION_RATIOS)[number];

export const DOOR_STATES = ['opening', 'opened', 'closing', 'closed'] as const;
export type DoorState = (typeof DOOR_STATES)[number];
export const DOOR_STATE_LABELS: Labels<DoorState> = {
  opening: { en: 'Opening', cn: '开门中' },
  opened: { en: 'Opened', cn: '已开门' },
  closing: { en: 'Closing', cn: '关门中' },
  closed: { en: 'Closed', cn: '已关门' },
};

export const DIRECTIONS = ['up', 'down', 'stop'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Labels<Direction> = {
  up: { en: 'Up', cn: '上行' },
  down: { en: 'Down', cn: '下行' },
  stop: { en: 'Stop', cn: '停止' },
};

export const LOAD_STATES = ['normal', 'full', 'overloaded', 'light'] as const;
export type LoadState = (typeof LOAD_STATES)[number];
export const LOAD_STATE_LABELS: Labels<LoadState> = {
  normal: { en: 'Normal', cn: '正常' },
  full: { en: 'Full', cn: '满载' },
  overloaded: { en: 'Overloaded', cn: '超载' },
  light: { en: 'Light', cn: '轻载' },
};

/** Call states: of a call record, and of the elevator phone line (features §4). */
export const CALL_STATES = ['responded', 'pending', 'cancelled', 'idle', 'inCall', 'offHook'] as const;
export type CallState = (typeof CALL_STATES)[number];
export const CALL_STATE_LABELS: Labels<CallState> = {
  responded: { en: 'Responded', cn: '已响应' },
  pending: { en: 'Pending', cn: '待响应' },
  cancelled: { en: 'Cancelled', cn: '已取消' },
  idle: { en: 'Idle', cn: '空闲' },
  inCall: { en: 'In call', cn: '通话中' },
  offHook: { en: 'Off hook', cn: '摘机' },
};

export const BATTERY_STATES = ['charging', 'fullyCharged', 'others'] as const;
export type BatteryState = (typeof BATTERY_STATES)[number];
export const BATTERY_STATE_LABELS: Labels<BatteryState> = {
  charging: { en: 'Charging', cn: '充电中' },
  fullyCharged: { en: 'Fully charged', cn: '已充满' },
  others: { en: 'Others', cn: '其他' },
};

export const RESET_STATES = ['resetting', 'success', 'failed', 'timedOut'] as const;
export type ResetState = (typeof RESET_STATES)[number];
export const RESET_STATE_LABELS: Labels<ResetState> = {
  resetting: { en: 'Resetting', cn: '复位中' },
  success: { en: 'Success', cn: '复位成功' },
  failed: { en: 'Failed', cn: '复位失败' },
  timedOut: { en: 'Timed out', cn: '复位超时' },
};

/** Elevator events go from unsolved to solved by manual or automatic recovery (features §4). */
export const EVENT_STATES = ['unsolved', 'solved'] as const;
export type EventState = (typeof EVENT_STATES)[number];
export const EVENT_STATE_LABELS: Labels<EventState> = {
  unsolved: { en: 'Unsolved', cn: '未解决' },
  solved: { en: 'Solved', cn: '已解决' },
};
export const RECOVERY_MODES = ['manual', 'automatic'] as const;
export type RecoveryMode = (typeof RECOVERY_MODES)[number];
export const PROCESSING_STATES = ['processed', 'unprocessed'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];
export const PROCESSING_STATE_LABELS: Labels<ProcessingState> = {
  processed: { en: 'Processed', cn: '已处理' },
  unprocessed: { en: 'Unprocessed', cn: '未处理' },
};

/** Custom property kinds of an elevator (features §3). */
export const CUSTOM_PROPERTY_KINDS = ['text', 'number', 'options'] as const;
export type CustomPropertyKind = (typeof CUSTOM_PROPERTY_KINDS)[number];
