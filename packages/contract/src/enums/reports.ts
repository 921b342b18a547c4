import type { Labels } from './labels.ts';

/** Report kinds (core §3 "Report"). */
export const REPORT_KINDS = ['dataUsage', 'signalQuality'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Labels<ReportKind> = {
  dataUsage: { en: 'Data usage', cn: '流量使用' },
  signalQuality: { en: 'Signal quality', cn: '信号质量' },
};

export const REPORT_GENERATIONS = ['single', 'periodic'] as const;
export type ReportGeneration = (typeof REPORT_GENERATIONS)[number];
export const REPORT_GENERATION_LABELS: Labels<ReportGeneration> = {
  single: { en: 'Single', cn: '单次' },
  periodic: { en: 'Periodic', cn: '周期' },
};

/** Daily covers the previous day, weekly the last 7 days and monthly the last 30, excluding today. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Labels<ReportFrequency> = {
  daily: { en: 'Daily', cn: '每天' },
  weekly: { en: 'Weekly', cn: '每周' },
  monthly: { en: 'Monthly', cn: '每月' },
};

/** Report targets (core §3). */
export const REPORT_TARGETS = ['group', 'devices'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_TARGET_LABELS: Labels<ReportTarget> = {
  group: { en: 'All devices in a group', cn: '分组内所有设备' },
  devices: { en: 'Individual devices', cn: '指定设备' },
};

/** Report and export record states (core §4). */
export const REPORT_STATES = ['generating', 'ready'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_STATE_LABELS: Labels<ReportState> = {
  generating: { en: 'Generating', cn: '生成中' },
  ready: { en: 'Ready', cn: '已生成' },
};

/** Share or export link states (core §4). */
export const LINK_STATES = ['valid', 'removed', 'expired'] as const;
export type LinkState = (typeof LINK_STATES)[number];
export const LINK_STATE_LABELS: Labels<LinkState> = {
  valid: { en: 'Valid', cn: '有效' },
  removed: { en: 'Removed', cn: '已移除' },
  expired: { en: 'Expired', cn: '已过期' },
};

/** Commercial report generation (features §3). */
export const COMMERCIAL_REPORT_MODES = ['scheduled', 'manual'] as const;
export type CommercialReportMode = (typeof COMMERCIAL_REPORT_MODES)[number];

/** Asynchronous export request kinds (core §3 "Export request"). */
export const EXPORT_TYPES = ['EXCEL'] as const;
export const EXPORT_DATA_SOURCE_TYPES = ['TABLE'] as const;

/**
 * The columns a report's file can carry, per kind (issue 16 "Custom reports"): the device's own fields,
 * then usage per link and SIM (`cellular1` is SIM 1) or signal avg/min/p5 per metric. A custom report
 * picks 1-30 of its kind's fields, in order; a report without one writes every field of its kind.
 */
export const REPORT_DEVICE_FIELDS = ['sn', 'deviceName', 'model', 'groupName'] as const;
export const REPORT_USAGE_FIELDS = [
  'totalBytes',
  'rxBytes',
  'txBytes',
  'wanBytes',
  'wan2Bytes',
  'cellular1Bytes',
  'cellular2Bytes',
  'wifiBytes',
] as const;
export const REPORT_SIGNAL_FIELDS = [
  'samples',
  'rssiAvg',
  'rssiMin',
  'rssiP5',
  'rsrpAvg',
  'rsrpMin',
  'rsrpP5',
  'rsrqAvg',
  'rsrqMin',
  'rsrqP5',
  'sinrAvg',
  'sinrMin',
  'sinrP5',
] as const;
export const REPORT_FIELDS = [
  ...REPORT_DEVICE_FIELDS,
  ...REPORT_USAGE_FIELDS,
  ...REPORT_SIGNAL_FIELDS,
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export const REPORT_FIELDS_BY_KIND: Readonly<Record<ReportKind, readonly ReportField[]>> = {
  dataUsage: [...REPORT_DEVICE_FIELDS, ...REPORT_USAGE_FIELDS],
  signalQuality: [...REPORT_DEVICE_FIELDS, ...REPORT_SIGNAL_FIELDS],
};

/** Column headers of the report file and the custom report editor. */
export const REPORT_FIELD_LABELS: Labels<ReportField> = {
  sn: { en: 'Serial number', cn: '序列号' },
  deviceName: { en: 'Device name', cn: '设备名称' },
  model: { en: 'Model', cn: '型号' },
  groupName: { en: 'Group', cn: '分组' },
  totalBytes: { en: 'Total (bytes)', cn: '总流量（字节）' },
  rxBytes: { en: 'Received (bytes)', cn: '接收（字节）' },
  txBytes: { en: 'Sent (bytes)', cn: '发送（字节）' },
  wanBytes: { en: 'WAN (bytes)', cn: 'WAN（字节）' },
  wan2Bytes: { en: 'WAN 2 (bytes)', cn: 'WAN 2（字节）' },
  cellular1Bytes: { en: 'SIM 1 (bytes)', cn: 'SIM 1（字节）' },
  cellular2Bytes: { en: 'SIM 2 (bytes)', cn: 'SIM 2（字节）' },
  wifiBytes: { en: 'Wi-Fi (bytes)', cn: 'Wi-Fi（字节）' },
  samples: { en: 'Samples', cn: '采样数' },
  rssiAvg: { en: 'RSSI avg (dBm)', cn: 'RSSI 平均（dBm）' },
  rssiMin: { en: 'RSSI min (dBm)', cn: 'RSSI 最小（dBm）' },
  rssiP5: { en: 'RSSI p5 (dBm)', cn: 'RSSI 5%分位（dBm）' },
  rsrpAvg: { en: 'RSRP avg (dBm)', cn: 'RSRP 平均（dBm）' },
  rsrpMin: { en: 'RSRP min (dBm)', cn: 'RSRP 最小（dBm）' },
  rsrpP5: { en: 'RSRP p5 (dBm)', cn: 'RSRP 5%分位（dBm）' },
  rsrqAvg: { en: 'RSRQ avg (dB)', cn: 'RSRQ 平均（dB）' },
  rsrqMin: { en: 'RSRQ min (dB)', cn: 'RSRQ 最小（dB）' },
  rsrqP5: { en: 'RSRQ p5 (dB)', cn: 'RSRQ 5%分位（dB）' },
  sinrAvg: { en: 'SINR avg (dB)', cn: 'SINR 平均（dB）' },
  sinrMin: { en: 'SINR min (dB)', cn: 'SINR 最小（dB）' },
  sinrP5: { en: 'SINR p5 (dB)', cn: 'SINR 5%分位（dB）' },
};

/** A report run's states: the record's (generating, ready, failed; a ready run whose file went: expired). */
export const REPORT_RUN_STATES = ['generating', 'ready', 'failed', 'expired'] as const;
export type ReportRunState = (typeof REPORT_RUN_STATES)[number];
