import type { Localized } from '@fleetport/contract';

/** The words a report's file carries beside its column headers (contract REPORT_FIELD_LABELS). */
export const REPORT_FILE_TEXT = {
  summarySheet: { en: 'Summary', cn: '概要' },
  devicesSheet: { en: 'Devices', cn: '设备' },
  report: { en: 'Report', cn: '报表' },
  type: { en: 'Type', cn: '类型' },
  periodStart: { en: 'From (UTC)', cn: '开始（UTC）' },
  periodEnd: { en: 'To (UTC, not included)', cn: '结束（UTC，不含）' },
  devices: { en: 'Devices', cn: '设备数' },
  totalBytes: { en: 'Total data usage (bytes)', cn: '总流量（字节）' },
  devicesWithSignal: { en: 'Devices reporting signal', cn: '上报信号的设备数' },
  generatedAt: { en: 'Generated (UTC)', cn: '生成时间（UTC）' },
} satisfies Record<string, Localized>;
