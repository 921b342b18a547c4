import {
  type CallDef,
  captureCall,
  dataManagementCall,
  ioControlCall,
  LINK_IDS,
  ledTestCall,
  loraCall,
  pingCall,
  poeStatusCall,
  poeTimersCall,
  poeTimesDiffer,
  type RemoteAction,
  rebootCall,
  resetDevicePasswordCall,
  speedTestCall,
  switchConnectionCall,
} from '@fleetport/contract';
import { ApiError, apiCall } from '../../api/client.ts';

/** A parameter the user fills in before running an action. */
export interface ActionField {
  name: string;
  kind: 'text' | 'number' | 'select' | 'password';
  initial?: string | number;
  options?: readonly string[];
  min?: number;
  max?: number;
  /** A rule over the whole form (e.g. two times that must differ): the rule message key, or null. */
  check?: (values: Record<string, unknown>) => string | null;
}

/** One remote action of the details page: its parameters and how it starts. */
export interface ActionSpec {
  key: string;
  fields: ActionField[];
  /** Asks before running (reboot, reset password). */
  confirm?: boolean;
  /** Only where the device's capability says so. */
  capability?: string;
  start(sn: string, values: Record<string, unknown>): Promise<RemoteAction | string>;
}

/** An action answered by one RemoteAction. */
function single(
  key: string,
  call: CallDef,
  fields: ActionField[] = [],
  extra: Partial<ActionSpec> = {},
): ActionSpec {
  return {
    key,
    fields,
    ...extra,
    start: (sn, values) => apiCall(call as never, { sn, ...values } as never) as Promise<RemoteAction>,
  };
}

export const REMOTE_ACTIONS: ActionSpec[] = [
  {
    key: 'reboot',
    fields: [{ name: 'delaySeconds', kind: 'number', initial: 0, min: 0, max: 3600 }],
    confirm: true,
    async start(sn, values) {
      const answer = await apiCall(rebootCall, { sns: [sn], delaySeconds: Number(values.delaySeconds ?? 0) });
      const result = answer.results[0];
      if (!result?.rpcId) throw new ApiError(result?.code ?? -1, result?.msg ?? '');
      return result.rpcId;
    },
  },
  single('ping', pingCall, [
    { name: 'host', kind: 'text', initial: '8.8.8.8' },
    { name: 'count', kind: 'number', initial: 4, min: 1, max: 20 },
  ]),
  single('speedTest', speedTestCall, [
    { name: 'direction', kind: 'select', initial: 'both', options: ['both', 'download', 'upload'] },
    { name: 'durationSeconds', kind: 'number', initial: 10, min: 1, max: 60 },
  ]),
  single('ledTest', ledTestCall),
  single('capture', captureCall, [
    { name: 'interface', kind: 'text', initial: 'wan' },
    { name: 'count', kind: 'number', initial: 100, min: 10, max: 40000 },
    { name: 'durationSeconds', kind: 'number', initial: 30, min: 1, max: 300 },
  ]),
  single('dataManagement', dataManagementCall, [
    { name: 'action', kind: 'select', initial: 'get', options: ['get', 'reset'] },
  ]),
  single(
    'switchConnection',
    switchConnectionCall,
    [{ name: 'link', kind: 'select', initial: 'cellular1', options: LINK_IDS }],
    { confirm: true },
  ),
  single('ioControl', ioControlCall, [
    { name: 'action', kind: 'select', initial: 'read', options: ['read'] },
  ]),
  single('poeStatus', poeStatusCall, [], { capability: 'poe' }),
  single(
    'poeTimers',
    poeTimersCall,
    [
      { name: 'port', kind: 'number', initial: 1, min: 1, max: 16 },
      { name: 'enableTime', kind: 'text', initial: '07:00' },
      {
        name: 'disableTime',
        kind: 'text',
        initial: '19:00',
        // Core §5: equal times would switch the port on and off at once.
        check: (v) =>
          poeTimesDiffer(String(v.enableTime ?? ''), String(v.disableTime ?? '')) ? null : 'poeTimesSame',
      },
    ],
    { capability: 'poe' },
  ),
  single(
    'resetPassword',
    resetDevicePasswordCall,
    [
      { name: 'user', kind: 'text', initial: 'admin' },
      { name: 'password', kind: 'password' },
    ],
    { confirm: true },
  ),
  single('lora', loraCall, [], { capability: 'lora' }),
];
