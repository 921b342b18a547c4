import { z } from 'zod';
import { pageSchema } from '../envelope.ts';
import { OPEN_API_ERROR_CODES } from '../errors/area-codes.ts';
import { CORE_ERROR_CODES } from '../errors/core-codes.ts';
import type { Localized } from '../i18n.ts';
import { ActivityRowSchema } from './activity-log.ts';
import { AlertSchema } from './alerts.ts';
import { DeviceGroupSchema } from './device-groups.ts';
import { DeviceTagSchema } from './device-tags.ts';
import { DeviceRowSchema } from './devices.ts';
import type { OpenApiScope } from './open-api.ts';
import { RemoteActionSchema } from './remote-actions.ts';

/**
 * The interfaces of the open API (`OPEN_API_PREFIX`), one definition each: the scope a token needs,
 * path, query and body schemas, the answer (the envelope's `data`), the codes it may answer and a sample
 * that the tests run. `/openapi/v1/openapi.json` is generated from this list (docs/api.md "Open API").
 */
export interface OpenApiInterface {
  /** Stable id, `<family>.<name>`: what a client's authorised list names and the calling log shows. */
  id: string;
  method: 'GET' | 'POST';
  /** Relative to OPEN_API_PREFIX, `:name` for path parameters. */
  path: string;
  scope: OpenApiScope;
  /** Only clients marked is-admin may call it (610013). */
  adminOnly?: boolean;
  /** Changes something: needs an `Idempotency-Key`. */
  mutates?: boolean;
  summary: Localized;
  params: z.ZodObject;
  query: z.ZodObject;
  body: z.ZodObject | null;
  output: z.ZodType;
  /** Codes besides the family's own (610002-610009) that the interface may answer. */
  errors: readonly number[];
  /** A request that works against a company holding device `FP-SAMPLE-01`, and an answer it may give. */
  sample: { path: string; query?: Record<string, string>; body?: unknown; response: unknown };
}

const Sn = z.string().trim().min(1).max(64);
const Paging = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

const SAMPLE_DEVICE = {
  sn: 'FP-SAMPLE-01',
  name: 'Pump station 1',
  description: '',
  model: 'R3000-Q',
  series: 'r3000',
  modelType: 'DIRECT',
  firmwareVersion: '5.3.0',
  appVersion: null,
  groupId: null,
  groupName: null,
  tags: [],
  licenceLevel: 'BASE',
  mac: null,
  imei: null,
  iccid: null,
  imsi: null,
  ssid: null,
  ip: null,
  routerId: null,
  networkEnv: null,
  connectionType: null,
  activeLink: null,
  simCount: 0,
  online: false,
  registered: true,
  lastSeenAt: 1_764_000_000_000,
  configDrifted: false,
  createdAt: 1_764_000_000_000,
};

const SAMPLE_ACTION = {
  rpcId: '5f0c2a8e-2a7d-4a53-9d0e-3c1f1b2f9a10',
  sn: 'FP-SAMPLE-01',
  method: 'reboot',
  state: 'inExecution',
  delivered: false,
  result: null,
  error: null,
  createdAt: 1_764_000_000_000,
  deadline: 1_764_000_300_000,
};

const none = z.strictObject({});

export const OPEN_API_INTERFACES: readonly OpenApiInterface[] = [
  {
    id: 'devices.list',
    method: 'GET',
    path: '/devices',
    scope: 'devices:read',
    summary: { en: 'The devices, paged, newest seen first', cn: '设备列表（分页，最近在线的在前）' },
    params: none,
    query: z.strictObject({
      ...Paging,
      /** Part of the SN, name, MAC, IMEI or IP, any case. */
      search: z.string().trim().max(64).optional(),
      online: z.enum(['online', 'offline']).optional(),
    }),
    body: null,
    output: pageSchema(DeviceRowSchema),
    errors: [CORE_ERROR_CODES.PARAMETER_ERROR],
    sample: {
      path: '/devices',
      query: { pageNum: '1', pageSize: '20' },
      response: { list: [SAMPLE_DEVICE], total: 1 },
    },
  },
  {
    id: 'devices.get',
    method: 'GET',
    path: '/devices/:sn',
    scope: 'devices:read',
    summary: { en: 'One device by its SN', cn: '按序列号查询设备' },
    params: z.strictObject({ sn: Sn }),
    query: none,
    body: null,
    output: DeviceRowSchema,
    errors: [CORE_ERROR_CODES.DEVICE_NOT_FOUND],
    sample: { path: '/devices/FP-SAMPLE-01', response: SAMPLE_DEVICE },
  },
  {
    id: 'groups.list',
    method: 'GET',
    path: '/groups',
    scope: 'groups:read',
    summary: { en: 'The device groups with their device counts', cn: '设备分组及其设备数' },
    params: none,
    query: none,
    body: null,
    output: z.array(DeviceGroupSchema),
    errors: [],
    sample: {
      path: '/groups',
      response: [{ groupId: 7, groupName: 'North', parentId: 1, deviceCount: 3, onlineCount: 2 }],
    },
  },
  {
    id: 'tags.list',
    method: 'GET',
    path: '/tags',
    scope: 'tags:read',
    summary: { en: 'The tags with the number of devices carrying each', cn: '标签及其设备数' },
    params: none,
    query: none,
    body: null,
    output: z.array(DeviceTagSchema),
    errors: [],
    sample: { path: '/tags', response: [{ tagId: 3, tagName: 'pumps', deviceCount: 4 }] },
  },
  {
    id: 'alerts.list',
    method: 'GET',
    path: '/alerts',
    scope: 'alerts:read',
    summary: { en: 'Router alerts, open ones first', cn: '路由器告警，未结束的在前' },
    params: none,
    query: z.strictObject({ ...Paging, sn: z.string().trim().max(64).optional() }),
    body: null,
    output: pageSchema(AlertSchema),
    errors: [CORE_ERROR_CODES.PARAMETER_ERROR],
    sample: { path: '/alerts', query: { pageNum: '1' }, response: { list: [], total: 0 } },
  },
  {
    id: 'actions.reboot',
    method: 'POST',
    path: '/devices/:sn/reboot',
    scope: 'actions:execute',
    mutates: true,
    summary: {
      en: 'Reboot a device; follow the answer with actions.get',
      cn: '重启设备；用 actions.get 跟踪其状态',
    },
    params: z.strictObject({ sn: Sn }),
    query: none,
    body: z.strictObject({ delaySeconds: z.number().int().min(0).max(3600).default(0) }),
    output: RemoteActionSchema,
    errors: [CORE_ERROR_CODES.DEVICE_NOT_FOUND, CORE_ERROR_CODES.DEVICE_OFFLINE_OPERATION],
    sample: { path: '/devices/FP-SAMPLE-01/reboot', body: { delaySeconds: 0 }, response: SAMPLE_ACTION },
  },
  {
    id: 'actions.get',
    method: 'GET',
    path: '/actions/:rpcId',
    scope: 'actions:read',
    summary: { en: 'The state of a remote action', cn: '远程操作的状态' },
    params: z.strictObject({ rpcId: z.string().trim().min(1).max(64) }),
    query: none,
    body: null,
    output: RemoteActionSchema,
    errors: [OPEN_API_ERROR_CODES.OPEN_API_NOT_FOUND],
    sample: { path: `/actions/${SAMPLE_ACTION.rpcId}`, response: { ...SAMPLE_ACTION, state: 'success' } },
  },
  {
    id: 'activity.list',
    method: 'GET',
    path: '/activity',
    scope: 'activity:read',
    adminOnly: true,
    summary: {
      en: 'The activity log, newest first (administrator clients only)',
      cn: '操作日志，最新的在前（仅限管理员客户端）',
    },
    params: none,
    query: z.strictObject({ ...Paging, sn: z.string().trim().min(1).max(64).optional() }),
    body: null,
    output: pageSchema(ActivityRowSchema),
    errors: [CORE_ERROR_CODES.PARAMETER_ERROR, OPEN_API_ERROR_CODES.OPEN_API_ADMIN_ONLY],
    sample: { path: '/activity', query: { pageNum: '1' }, response: { list: [], total: 0 } },
  },
];

/** The token call's id in the calling log and the clients' authorised lists. */
export const OPEN_API_TOKEN_INTERFACE = 'oauth.token';
