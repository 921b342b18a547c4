import type { SignalMetric } from '../device/signal-quality.ts';
import type { Labels } from './labels.ts';

/** Alert severities, also the alert rule levels (core §4, features §4). Most severe first. */
export const ALERT_SEVERITIES = ['critical', 'major', 'minor', 'notice'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_SEVERITY_LABELS: Labels<AlertSeverity> = {
  critical: { en: 'Critical', cn: '严重' },
  major: { en: 'Major', cn: '重要' },
  minor: { en: 'Minor', cn: '次要' },
  notice: { en: 'Notice', cn: '提示' },
};

/** Device and estate log levels (features §4), least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_LEVEL_LABELS: Labels<LogLevel> = {
  debug: { en: 'Debug', cn: '调试' },
  info: { en: 'Info', cn: '信息' },
  notice: { en: 'Notice', cn: '注意' },
  warning: { en: 'Warning', cn: '警告' },
  error: { en: 'Error', cn: '错误' },
};

/** Estate log event priority (features §3). */
export const EVENT_PRIORITIES = ['high', 'standard'] as const;
export type EventPriority = (typeof EVENT_PRIORITIES)[number];
export const EVENT_PRIORITY_LABELS: Labels<EventPriority> = {
  high: { en: 'High', cn: '高' },
  standard: { en: 'Standard', cn: '标准' },
};

/** Central alert read state (features §4). */
export const ALERT_READ_STATES = ['read', 'unread'] as const;
export type AlertReadState = (typeof ALERT_READ_STATES)[number];
export const ALERT_READ_STATE_LABELS: Labels<AlertReadState> = {
  read: { en: 'Read', cn: '已读' },
  unread: { en: 'Unread', cn: '未读' },
};

/** Alert rule condition mode (features §3). */
export const ALERT_CONDITION_MODES = ['any', 'all'] as const;
export type AlertConditionMode = (typeof ALERT_CONDITION_MODES)[number];
export const ALERT_CONDITION_MODE_LABELS: Labels<AlertConditionMode> = {
  any: { en: 'Any condition', cn: '满足任一条件' },
  all: { en: 'All conditions', cn: '满足所有条件' },
};

/** Who receives alert e-mails (features §3, §6). */
export const ALERT_RECEIVER_MODES = ['allUsers', 'byRole', 'selectedUsers'] as const;
export type AlertReceiverMode = (typeof ALERT_RECEIVER_MODES)[number];
export const ALERT_RECEIVER_MODE_LABELS: Labels<AlertReceiverMode> = {
  allUsers: { en: 'All users', cn: '所有用户' },
  byRole: { en: 'Selected roles', cn: '指定角色' },
  selectedUsers: { en: 'Selected users', cn: '指定用户' },
};

/** Alert rule targets (features §3). */
export const ALERT_TARGET_MODES = ['allOfProduct', 'selected'] as const;
export type AlertTargetMode = (typeof ALERT_TARGET_MODES)[number];

/**
 * A router alert's life (docs/decisions.md "Alert rules"): pending while a condition breaches for less
 * than the pending period, firing after it, resolved once the clear condition held for its period.
 */
export const ALERT_STATES = ['pending', 'firing', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_STATE_LABELS: Labels<AlertState> = {
  pending: { en: 'Pending', cn: '待触发' },
  firing: { en: 'Firing', cn: '告警中' },
  resolved: { en: 'Resolved', cn: '已恢复' },
};

/** Signal metrics a router alert watches (device/signal-quality.ts), with their units. */
export const SIGNAL_METRIC_LABELS: Labels<SignalMetric> = {
  rssi: { en: 'RSSI (dBm)', cn: 'RSSI 信号强度（dBm）' },
  rsrp: { en: 'RSRP (dBm)', cn: 'RSRP 参考信号接收功率（dBm）' },
  rsrq: { en: 'RSRQ (dB)', cn: 'RSRQ 参考信号接收质量（dB）' },
  sinr: { en: 'SINR (dB)', cn: 'SINR 信噪比（dB）' },
};

/** A resource condition's metric with its unit. */
export const RESOURCE_METRIC_LABELS: Labels<'cpu' | 'memory' | 'temperature'> = {
  cpu: { en: 'CPU (%)', cn: 'CPU 使用率（%）' },
  memory: { en: 'Memory (%)', cn: '内存使用率（%）' },
  temperature: { en: 'Temperature (°C)', cn: '温度（°C）' },
};
