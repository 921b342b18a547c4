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

/** What a product is (features §3 names the field without values). */
export const PRODUCT_TYPES = ['meter', 'sensor', 'actuator', 'controller', 'other'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** What a report group carries: measured properties or events (features §3 names the field without values). */
export const REPORT_GROUP_TYPES = ['property', 'event'] as const;
export type ReportGroupType = (typeof REPORT_GROUP_TYPES)[number];

/** A product parameter's data type, as the cloud keeps and charts it. */
export const PARAMETER_DATA_TYPES = ['integer', 'float', 'boolean', 'text'] as const;
export type ParameterDataType = (typeof PARAMETER_DATA_TYPES)[number];

/**
 * An endpoint as the console shows it: `gatewayOffline` when its gateway is offline (the endpoint's own
 * reports cannot arrive), else `online` or `offline` as the gateway last reported it.
 */
export const ENDPOINT_STATES = ['online', 'offline', 'gatewayOffline'] as const;
export type EndpointState = (typeof ENDPOINT_STATES)[number];
