import type { Labels } from './labels.ts';

/** Point table register data types (core §3, features §3). */
export const POINT_DATA_TYPES = [
  'BOOLEAN',
  'BIT',
  'INT-16',
  'UINT-16',
  'INT-32',
  'UINT-32',
  'FLOAT',
  'DOUBLE',
  'RAW-DATA',
] as const;
export type PointDataType = (typeof POINT_DATA_TYPES)[number];

/** Product location method; one per product (features §3). */
export const LOCATION_METHODS = ['gateway', 'endpoint', 'gps', 'baseStation'] as const;
export type LocationMethod = (typeof LOCATION_METHODS)[number];
export const LOCATION_METHOD_LABELS: Labels<LocationMethod> = {
  gateway: { en: 'Collect from gateway', cn: '从网关采集' },
  endpoint: { en: 'Collect from endpoint', cn: '从终端采集' },
  gps: { en: 'GPS', cn: 'GPS定位' },
  baseStation: { en: 'Base station', cn: '基站定位' },
};

/** Product status: not enabled to enabled, irreversible (features §4). */
export const PRODUCT_STATES = ['notEnabled', 'enabled'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];
export const PRODUCT_STATE_LABELS: Labels<ProductState> = {
  notEnabled: { en: 'Not enabled', cn: '未启用' },
  enabled: { en: 'Enabled', cn: '已启用' },
};

/** Dashboard chart widget types (features §3). */
export const CHART_WIDGET_TYPES = [
  'bar',
  'scatter',
  'line',
  'report',
  'text',
  'battery',
  'gauge',
  'temperature',
] as const;
export type ChartWidgetType = (typeof CHART_WIDGET_TYPES)[number];
export const CHART_WIDGET_TYPE_LABELS: Labels<ChartWidgetType> = {
  bar: { en: 'Bar chart', cn: '柱状图' },
  scatter: { en: 'Scatter chart', cn: '散点图' },
  line: { en: 'Line chart', cn: '折线图' },
  report: { en: 'Report', cn: '报表' },
  text: { en: 'Text', cn: '文本' },
  battery: { en: 'Battery', cn: '电池' },
  gauge: { en: 'Gauge', cn: '仪表盘' },
  temperature: { en: 'Temperature', cn: '温度计' },
};

/** Synchronization after a parameter change (features §4). */
export const SYNC_MODES = ['modified', 'all'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];
export const SYNC_MODE_LABELS: Labels<SyncMode> = {
  modified: { en: 'Sync only modified parameters', cn: '仅同步修改的参数' },
  all: { en: 'Sync all parameters', cn: '同步所有参数' },
};
