import { formatDateTime, type WallClock } from '../format.ts';
import type { Lang, Localized } from '../i18n.ts';

/**
 * The details of an activity log entry (its "object"): what a call acted on, named so a reader can tell
 * one entry from another (which app was uninstalled, which host pinged, which timers set ...).
 *
 * Stored language-neutral as `key=value, key=value` (searchable, and the form older entries have);
 * `activityDetailsText` renders it in the reader's language. Secrets (passwords, CLI lines, serial data)
 * are never among the details.
 */
export type ActivityDetails = readonly (readonly [key: string, value: string | number])[];

type Input = Record<string, unknown>;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const sn = (i: Input) => pairs(['sn', i.sn]);
function pairs(...list: (readonly [string, unknown])[]): ActivityDetails {
  return list.flatMap(([k, v]) => (str(v) === undefined ? [] : [[k, str(v) as string] as const]));
}

/** The first timers kept in full; the rest are counted (an entry's details stay short). */
const TIMERS_SHOWN = 4;

/** Timers as stored: `reboot daily 1732222800000; ...; +3` (action, repeat, first run in unix ms). */
function timersDetail(timers: unknown): string {
  if (!Array.isArray(timers) || timers.length === 0) return 'none';
  const shown = timers
    .slice(0, TIMERS_SHOWN)
    .map(
      (t: { action?: unknown; repeat?: unknown; at?: unknown }) =>
        `${t.action} ${t.repeat ?? 'none'} ${t.at}`,
    );
  return [...shown, ...(timers.length > TIMERS_SHOWN ? [`+${timers.length - TIMERS_SHOWN}`] : [])].join('; ');
}

/** Per device call, the details worth recording, in reading order; other calls use `OBJECT_FIELDS`. */
const DETAILS: Readonly<Record<string, (i: Input) => ActivityDetails>> = {
  'deviceSoftware.uninstallApp': (i) => pairs(['sn', i.sn], ['app', i.packageName]),
  'devices.import': (i) => pairs(['file', i.fileName]),
  'remoteActions.timers': (i) => [...sn(i), ['timers', timersDetail(i.timers)]],
  'remoteActions.ping': (i) => pairs(['sn', i.sn], ['host', i.host], ['count', i.count]),
  'remoteActions.serialPort': (i) => pairs(['sn', i.sn], ['port', i.port], ['portAction', i.action]),
  'remoteActions.speedTest': (i) =>
    pairs(['sn', i.sn], ['direction', i.direction], ['seconds', i.durationSeconds]),
  'remoteActions.capture': (i) => pairs(['sn', i.sn], ['interface', i.interface], ['packets', i.count]),
  'remoteActions.resetPassword': (i) => pairs(['sn', i.sn], ['deviceUser', i.user]),
  'remoteActions.switchConnection': (i) => pairs(['sn', i.sn], ['link', i.link]),
  'remoteActions.ioControl': (i) =>
    pairs(['sn', i.sn], ['ioAction', i.action], ['channel', i.channel], ['value', i.value]),
  'remoteActions.poeTimers': (i) =>
    pairs(['sn', i.sn], ['port', i.port], ['enableTime', i.enableTime], ['disableTime', i.disableTime]),
  'remoteActions.lora': (i) => pairs(['sn', i.sn], ['view', i.action]),
  'remoteActions.dataManagement': (i) => pairs(['sn', i.sn], ['dataAction', i.action]),
  'remoteActions.reboot': (i) => {
    const sns = Array.isArray(i.sns) ? i.sns : [];
    const delay = Number(i.delaySeconds) > 0 ? i.delaySeconds : undefined;
    return sns.length === 1
      ? pairs(['sn', sns[0]], ['delay', delay])
      : pairs(['devices', sns.length], ['delay', delay]);
  },
};

/**
 * Whether a mutating call's run is an activity of its own. An import preview (`commit: false`) saves
 * nothing and is not an import; a serial port's reads and writes belong to the session its `open`
 * started, which is the one entry a console session leaves (one per line would bury everything else).
 */
export function isActivityRecorded(callId: string, input: unknown): boolean {
  const i = (input && typeof input === 'object' ? input : {}) as Input;
  if (callId === 'devices.import') return i.commit === true;
  if (callId === 'remoteActions.serialPort')
    return i.action !== 'read' && i.action !== 'write' && i.action !== 'close';
  return true;
}

/** The details a device call records, or null when the call has no rule of its own here. */
export function activityDetailsOf(callId: string, input: unknown): ActivityDetails | null {
  const rule = DETAILS[callId];
  if (!rule || !input || typeof input !== 'object') return null;
  return rule(input as Input);
}

/** `sn=1, app=com.x`: details as stored (commas inside a value would split it, so they become `;`). */
export function encodeActivityDetails(details: ActivityDetails): string | null {
  if (details.length === 0) return null;
  return details.map(([k, v]) => `${k}=${String(v).replace(/,\s*/g, '; ')}`).join(', ');
}

const LABELS: Readonly<Record<string, Localized>> = {
  sn: { en: 'SN', cn: '序列号' },
  app: { en: 'App', cn: '应用' },
  timers: { en: 'Timers', cn: '定时器' },
  host: { en: 'Host', cn: '目标地址' },
  count: { en: 'Pings', cn: '次数' },
  port: { en: 'Port', cn: '端口' },
  portAction: { en: 'Action', cn: '操作' },
  direction: { en: 'Direction', cn: '方向' },
  seconds: { en: 'Duration (s)', cn: '时长（秒）' },
  interface: { en: 'Interface', cn: '接口' },
  packets: { en: 'Packets', cn: '包数' },
  deviceUser: { en: 'Device user', cn: '设备用户' },
  link: { en: 'Link', cn: '链路' },
  ioAction: { en: 'Action', cn: '操作' },
  channel: { en: 'Channel', cn: '通道' },
  value: { en: 'Value', cn: '值' },
  enableTime: { en: 'Power on', cn: '上电时间' },
  disableTime: { en: 'Power off', cn: '断电时间' },
  view: { en: 'View', cn: '查看' },
  dataAction: { en: 'Action', cn: '操作' },
  devices: { en: 'Devices', cn: '设备数' },
  delay: { en: 'Delay (s)', cn: '延迟（秒）' },
  command: { en: 'Command', cn: '命令' },
  file: { en: 'File', cn: '文件' },
  group: { en: 'Group', cn: '分组' },
  role: { en: 'Role', cn: '角色' },
  user: { en: 'User', cn: '用户' },
  tag: { en: 'Tag', cn: '标签' },
  company: { en: 'Company', cn: '公司' },
  email: { en: 'E-mail', cn: '邮箱' },
  account: { en: 'Account', cn: '账号' },
  roleName: { en: 'Role', cn: '角色' },
  companyName: { en: 'Company', cn: '公司' },
  groupName: { en: 'Group name', cn: '分组名称' },
  name: { en: 'Name', cn: '名称' },
  rollout: { en: 'Rollout', cn: '升级任务' },
  batch: { en: 'Batch', cn: '批次' },
  failed: { en: 'Failed', cn: '失败数' },
  outcome: { en: 'Then', cn: '结果' },
};

/** Unnamed parts some entries carry (the CLI session's own entries). */
const PHRASES: Readonly<Record<string, Localized>> = {
  'cli open': { en: 'CLI session opened', cn: 'CLI会话已打开' },
  'cli close': { en: 'CLI session closed', cn: 'CLI会话已关闭' },
};

const WORDS: Readonly<Record<string, Localized>> = {
  open: { en: 'open', cn: '打开' },
  close: { en: 'close', cn: '关闭' },
  read: { en: 'read', cn: '读取' },
  write: { en: 'write', cn: '写入' },
  reboot: { en: 'reboot', cn: '重启' },
  switchSim: { en: 'switch SIM', cn: '切换SIM卡' },
  ledTest: { en: 'LED test', cn: 'LED测试' },
  none: { en: 'once', cn: '一次' },
  daily: { en: 'daily', cn: '每天' },
  weekly: { en: 'weekly', cn: '每周' },
  both: { en: 'both', cn: '双向' },
  download: { en: 'download', cn: '下载' },
  upload: { en: 'upload', cn: '上传' },
  get: { en: 'read', cn: '读取' },
  reset: { en: 'reset', cn: '重置' },
  status: { en: 'status', cn: '状态' },
  nodes: { en: 'nodes', cn: '节点' },
  halted: { en: 'halted', cn: '已中止' },
  paused: { en: 'paused', cn: '已暂停' },
};
const word = (w: string, lang: Lang) => WORDS[w]?.[lang] ?? w;
const NO_TIMERS: Localized = { en: 'none (cleared)', cn: '无（已清空）' };
const MORE: Localized = { en: '{n} more', cn: '另{n}个' };

/** `reboot daily 1732222800000; ...` as `reboot, daily from 2026-11-21 21:00; ...`. */
function timersText(value: string, lang: Lang, clock: WallClock): string {
  if (value === 'none') return NO_TIMERS[lang];
  return value
    .split('; ')
    .map((timer) => {
      if (/^\+\d+$/.test(timer)) return MORE[lang].replace('{n}', timer.slice(1));
      const [action = '', repeat = 'none', at] = timer.split(' ');
      const when = formatDateTime(Number(at), 'YYYY-MM-DD HH:mm', clock) || at;
      const sep = lang === 'cn' ? '，' : ', ';
      return repeat === 'none'
        ? `${word(action, lang)}${sep}${when}`
        : lang === 'cn'
          ? `${word(action, lang)}${sep}${word(repeat, lang)}${sep}自${when}起`
          : `${word(action, lang)}${sep}${word(repeat, lang)} from ${when}`;
    })
    .join(lang === 'cn' ? '；' : '; ');
}

function valueText(key: string, value: string, lang: Lang, clock: WallClock): string {
  if (key === 'timers') return timersText(value, lang, clock);
  if (key === 'port' && /^\d+$/.test(value)) return `COM${value}`;
  if (['portAction', 'ioAction', 'direction', 'dataAction', 'view', 'outcome'].includes(key))
    return word(value, lang);
  return value;
}

/**
 * Splits stored details into pairs; a known phrase (`cli open`) is an unnamed part, and any other text
 * after a comma belongs to the value before it (a CLI line may hold commas).
 */
export function decodeActivityDetails(object: string): [key: string | null, value: string][] {
  const parts: [key: string | null, value: string][] = [];
  for (const part of object.split(', ')) {
    const eq = part.indexOf('=');
    const last = parts.at(-1);
    if (eq > 0 && /^[A-Za-z]+$/.test(part.slice(0, eq))) parts.push([part.slice(0, eq), part.slice(eq + 1)]);
    else if (last && !PHRASES[part]) last[1] = `${last[1]}, ${part}`;
    else parts.push([null, part]);
  }
  return parts;
}

export interface ActivityDetailsOptions {
  /** Keys left out, e.g. `sn` on a device's own logs tab, where every entry is that device's. */
  omit?: readonly string[];
  /** The reader's time zone for times within the details (the export's `timeZoneOffset`). */
  clock?: WallClock;
}

/**
 * Stored details in the reader's language: `App: com.robustel.vpn · Host: 8.8.8.8`. Keys without a
 * label here (user and role ids of older, non-device entries) keep their `key=value` form.
 */
export function activityDetailsText(
  object: string | null,
  lang: Lang,
  { omit = [], clock = {} }: ActivityDetailsOptions = {},
): string {
  if (!object) return '';
  const colon = lang === 'cn' ? '：' : ': ';
  return decodeActivityDetails(object)
    .filter(([key]) => key === null || !omit.includes(key))
    .map(([key, value]) => {
      if (key === null) return PHRASES[value]?.[lang] ?? value;
      const label = LABELS[key]?.[lang];
      return label ? `${label}${colon}${valueText(key, value, lang, clock)}` : `${key}=${value}`;
    })
    .join(' · ');
}
