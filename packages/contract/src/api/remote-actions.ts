import { z } from 'zod';
import { LinkIdSchema } from '../device/links.ts';
import { RpcStateSchema } from '../device/rpc.ts';
import { SerialSettingsShape, TIMER_ACTIONS, TIMER_REPEATS } from '../device/rpc-methods.ts';
import { CaptureCountSchema, poeTimesDiffer } from '../rules/device-config.ts';
import { deviceResetPasswordSchema } from '../rules/password.ts';
import { TimeOfDaySchema } from '../rules/time.ts';
import { defineCall } from './define.ts';
import { BULK_MAX_DEVICES } from './devices.bulk.ts';

/**
 * Remote actions on a device (core §2 device details: reboot, data management, serial port, switch
 * connection, IO control, capture, speed test, PoE status, communication check, reset password, timers,
 * LED test, LoRa; plus the CLI). Each sends an RPC through the gateway and answers its id at once; the
 * console follows the state live (`rpc.state` on the WebSocket) or with `getRemoteActionStates`.
 * An offline device refuses with 120052; a Basic licence refuses capture with 120095.
 */

const Sn = z.string().trim().min(1).max(64);

export const RemoteActionSchema = z.object({
  rpcId: z.string(),
  sn: z.string(),
  method: z.string(),
  state: RpcStateSchema,
  /** The command reached the device (false while it waits in the queue). */
  delivered: z.boolean(),
  result: z.unknown().nullable(),
  error: z.unknown().nullable(),
  createdAt: z.number().int(),
  deadline: z.number().int(),
});
export type RemoteAction = z.infer<typeof RemoteActionSchema>;

function action<
  I extends z.ZodRawShape,
  O extends z.ZodType = typeof RemoteActionSchema,
  const P extends string = string,
>(id: string, path: P, shape: I, summary: string, output: O = RemoteActionSchema as unknown as O) {
  return defineCall({
    id: `remoteActions.${id}`,
    method: 'POST',
    path: `/link/device/remote/${path}` as `/link/device/remote/${P}`,
    input: z.strictObject({ sn: Sn, ...shape }),
    output,
    permission: 'devices.apply',
    mutates: true,
    summary,
  });
}

export const pingCall = action(
  'ping',
  'ping',
  { host: z.string().trim().min(1).max(253), count: z.number().int().min(1).max(20).default(4) },
  'Communication check: the device pings a host',
);
export const speedTestCall = action(
  'speedTest',
  'speedTest',
  {
    direction: z.enum(['both', 'download', 'upload']).default('both'),
    durationSeconds: z.number().int().min(1).max(60).default(10),
  },
  'Speed test over the active link',
);
export const captureCall = action(
  'capture',
  'capture',
  {
    interface: z.string().trim().min(1).max(32),
    count: CaptureCountSchema,
    durationSeconds: z.number().int().min(1).max(300).default(30),
    filter: z.string().max(256).default(''),
  },
  'Capture tool: 10-40000 packets (needs a licence above Basic, 120095)',
);
export const ledTestCall = action('ledTest', 'ledTest', {}, 'Blink the LEDs');
export const cliCall = action(
  'cli',
  'cli',
  { command: z.string().max(1024), session: z.string().max(64).optional() },
  'One line of the device CLI; the answer is in the result',
);
export const TimerSchema = z.strictObject({
  action: z.enum(TIMER_ACTIONS),
  /** Unix ms: at least 15 minutes from now (120074), and 15 minutes from every other timer (120072). */
  at: z.number().int().nonnegative(),
  repeat: z.enum(TIMER_REPEATS).default('none'),
});
export type Timer = z.infer<typeof TimerSchema>;
export const timersCall = action(
  'timers',
  'timers',
  { timers: z.array(TimerSchema).max(32) },
  'Replace the device timers (120074 less than 15 minutes ahead, 120072 less than 15 minutes apart)',
);
/** Answers when the device has answered (or after a few seconds): the result holds `{timers}`. */
export const getTimersCall = defineCall({
  id: 'remoteActions.getTimers',
  method: 'POST',
  path: '/link/device/remote/getTimers',
  input: z.strictObject({ sn: Sn }),
  output: RemoteActionSchema,
  permission: 'devices.apply',
  summary: 'The timers the device holds (a repeating timer with its next run)',
});

// The timer rules live beside the other rules; the console and the server import them from here too.
export { closestTimerRunsMs, nextTimerRun, type TimerProblem, timerProblems } from '../rules/timers.ts';

export const resetDevicePasswordCall = action(
  'resetPassword',
  'resetPassword',
  { user: z.string().trim().min(1).max(32), password: deviceResetPasswordSchema },
  "Reset a device user's password (the device-reset password rule)",
);
export const switchConnectionCall = action(
  'switchConnection',
  'switchConnection',
  { link: LinkIdSchema },
  'Switch the active link',
);
export const ioControlCall = action(
  'ioControl',
  'ioControl',
  {
    action: z.enum(['read', 'write']),
    channel: z.string().max(16).optional(),
    value: z.union([z.literal(0), z.literal(1)]).optional(),
  },
  'Read the I/O channels or set a digital output',
);
/** The lease of an open serial port (32 random bytes, base64url): see `serialPortCall`. */
export const SerialPortLeaseSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/**
 * The port is leased to the console that opened it: `open` answers a `lease` its `read`, `write` and
 * `close` present. Anyone else (a colleague too) gets 120069 while it is held; nothing reaches the device.
 */
export const serialPortCall = action(
  'serialPort',
  'serialPort',
  {
    action: z.enum(['open', 'write', 'read', 'close']),
    /** 1 to the device's `comPorts` capability (beyond it: 120090). */
    port: z.number().int().min(1).max(16),
    /** Line settings, used by `open`. */
    ...SerialSettingsShape,
    /** Bytes to write, base64 (a serial line carries bytes, not text). */
    data: z.base64().max(65536).optional(),
    /** The console window closed without a normal close: the port stays occupied 5 minutes (120069). */
    abnormal: z.boolean().default(false),
    lease: SerialPortLeaseSchema.optional(),
  },
  'Remote serial port access: answers once the device has (a read carries the bytes, base64); an open port is leased to the console that opened it, busy for others (120069)',
  /** A successful `open` answers the lease. */
  RemoteActionSchema.extend({ lease: SerialPortLeaseSchema.optional() }),
);
export const poeStatusCall = action('poeStatus', 'poeStatus', {}, 'PoE ports and power');
/** Core §5: a PoE timer needs two different times, or it would switch the port on and off at once. */
export const poeTimersCall = defineCall({
  id: 'remoteActions.poeTimers',
  method: 'POST',
  path: '/link/device/remote/poeTimers',
  input: z
    .strictObject({
      sn: Sn,
      port: z.number().int().min(1).max(16),
      enableTime: TimeOfDaySchema,
      disableTime: TimeOfDaySchema,
    })
    .refine((t) => poeTimesDiffer(t.enableTime, t.disableTime), {
      error: 'poeTimesSame',
      path: ['disableTime'],
    }),
  output: RemoteActionSchema,
  permission: 'devices.apply',
  mutates: true,
  summary: 'Daily PoE timer of a port: two different times to enable and disable the power',
});
export const loraCall = action(
  'lora',
  'lora',
  { action: z.enum(['status', 'nodes']).default('status') },
  'LoRa gateway status (LoRa devices only)',
);
export const dataManagementCall = action(
  'dataManagement',
  'dataManagement',
  { action: z.enum(['get', 'reset']).default('get') },
  'Data usage counters per link and SIM',
);

export const rebootCall = defineCall({
  id: 'remoteActions.reboot',
  method: 'POST',
  path: '/link/device/remote/reboot',
  input: z.strictObject({
    sns: z.array(Sn).min(1).max(BULK_MAX_DEVICES),
    delaySeconds: z.number().int().min(0).max(3600).default(0),
  }),
  output: z.object({
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({ sn: z.string(), code: z.number().int(), msg: z.string(), rpcId: z.string().nullable() }),
    ),
  }),
  permission: 'devices.apply',
  mutates: true,
  summary: 'Reboot one or many devices; each result has its RPC id or the code that refused it',
});

export const remoteActionStatesCall = defineCall({
  id: 'remoteActions.states',
  method: 'POST',
  path: '/link/device/remote/getRemoteActionStates',
  input: z.strictObject({ rpcIds: z.array(z.string().min(1).max(64)).min(1).max(BULK_MAX_DEVICES) }),
  output: z.array(RemoteActionSchema),
  permission: 'devices.view',
  summary: 'The states of remote actions of the company',
});

/** The pcap file of a finished capture, as a download (base64 in the envelope, like the import template). */
export const CAPTURE_FILE_TYPE = 'application/vnd.tcpdump.pcap';
export const captureFileCall = defineCall({
  id: 'remoteActions.captureFile',
  method: 'POST',
  path: '/link/device/remote/captureFile',
  input: z.strictObject({ rpcId: z.string().trim().min(1).max(64) }),
  output: z.object({ fileName: z.string(), contentType: z.string(), content: z.string() }),
  permission: 'devices.view',
  summary: 'Download the pcap file of a successful capture',
});

export const REMOTE_ACTION_CALLS = [
  rebootCall,
  pingCall,
  speedTestCall,
  captureCall,
  ledTestCall,
  cliCall,
  timersCall,
  getTimersCall,
  resetDevicePasswordCall,
  switchConnectionCall,
  ioControlCall,
  serialPortCall,
  poeStatusCall,
  poeTimersCall,
  loraCall,
  dataManagementCall,
  remoteActionStatesCall,
  captureFileCall,
] as const;
