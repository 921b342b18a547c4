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
