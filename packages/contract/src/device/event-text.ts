import { ROLLOUT_DEVICE_STATE_LABELS } from '../enums/rollout-labels.ts';
import { appUpdateError } from '../errors/app-update.ts';
import { errorMessage } from '../errors/catalogue.ts';
import { interpolate, type Lang, type Localized } from '../i18n.ts';

/**
 * Device events (`up/event`, stored as `type` = the event's name and `data` = its other fields) in
 * words, for the events tab: `boot {"reason":"powerOn"}` reads "Booted (power on)".
 */
export const DEVICE_EVENT_LABELS: Record<string, Localized> = {
  boot: { en: 'Boot', cn: '启动' },
  linkChange: { en: 'Link change', cn: '链路切换' },
  simSwitch: { en: 'SIM switch', cn: 'SIM 卡切换' },
  configChanged: { en: 'Configuration changed', cn: '配置变更' },
  ioChange: { en: 'IO change', cn: 'IO 变化' },
  loginFailed: { en: 'Failed login', cn: '登录失败' },
  alarm: { en: 'Alarm', cn: '告警' },
  updateProgress: { en: 'Update', cn: '升级' },
  rollout: { en: 'Rollout', cn: '升级任务' },
};

const TEMPLATES: Record<string, Localized> = {
  boot: { en: 'Booted ({reason})', cn: '已启动（{reason}）' },
  linkChange: { en: 'Link changed from {from} to {to}', cn: '链路从 {from} 切换到 {to}' },
  simSwitch: { en: 'Switched from SIM {from} to SIM {to}', cn: '从 SIM {from} 切换到 SIM {to}' },
  configChanged: { en: 'Configuration changed {by}', cn: '配置已{by}变更' },
  ioChange: { en: 'IO {channel} changed to {value}', cn: 'IO {channel} 变为 {value}' },
  loginFailed: { en: 'Failed login as {user} from {from}', cn: '用户 {user} 从 {from} 登录失败' },
  alarm: { en: '{code}: {message}', cn: '{code}：{message}' },
  updateProgress: { en: '{target} update to {version}: {state}', cn: '{target}升级到 {version}：{state}' },
};

/**
 * The cloud's own line for a device's step in a rollout (written by the database when its state
 * changes, migration 0480): `Rollout "May firmware", batch 2: Failure (the link did not come back)`.
 */
const ROLLOUT_LINE: Localized = {
  en: 'Rollout "{rollout}"{batch}: {state}',
  cn: '升级任务“{rollout}”{batch}：{state}',
};
const ROLLOUT_BATCH: Localized = { en: ', batch {batch}', cn: '，第 {batch} 批' };
const ROLLOUT_ADDED: Localized = { en: 'added, waiting for its batch', cn: '已加入，等待批次' };
const ROLLOUT_RETRY: Localized = { en: 'queued again to be retried', cn: '已重新排队等待重试' };
/** Why it ended, in short (the rollout's page has the full sentence with its minutes). */
const ROLLOUT_REASONS: Record<string, Localized> = {
  timeout: { en: 'no final state before its deadline', cn: '截止时间前未结束' },
  health: { en: 'its link was not healthy again in time', cn: '链路未按时恢复正常' },
  vpnHealth: { en: 'its VPN tunnel did not come back in time', cn: 'VPN 隧道未按时恢复' },
  config: { en: 'the configuration change was not kept', cn: '配置变更未被保留' },
};

function rolloutText(d: Record<string, unknown>, lang: Lang): string {
  const state = String(d.state ?? '');
  const added = state === 'waiting' && d.from === undefined;
  const retried = state === 'waiting' && (d.from === 'failure' || d.from === 'timeout');
  const label = added
    ? ROLLOUT_ADDED[lang]
    : retried
      ? ROLLOUT_RETRY[lang]
      : (ROLLOUT_DEVICE_STATE_LABELS[state as keyof typeof ROLLOUT_DEVICE_STATE_LABELS]?.[lang] ?? state);
  const code = typeof d.reasonCode === 'number' ? d.reasonCode : null;
  const kind = typeof d.reasonKind === 'string' ? d.reasonKind : null;
  const reason =
    state === 'timeout'
      ? ROLLOUT_REASONS.timeout![lang]
      : kind === 'update'
        ? appUpdateError(code ?? 0)[lang]
        : kind === 'catalogue' && code !== null
          ? errorMessage(code, lang)
          : kind
            ? (ROLLOUT_REASONS[kind]?.[lang] ?? null)
            : null;
  const line = interpolate(ROLLOUT_LINE[lang], {
    rollout: String(d.rollout ?? d.rolloutId ?? ''),
    batch: typeof d.batch === 'number' && !added ? interpolate(ROLLOUT_BATCH[lang], { batch: d.batch }) : '',
    state: label,
  });
  return reason ? `${line}${lang === 'cn' ? `（${reason}）` : ` (${reason})`}` : line;
}

const WORDS: Record<string, Record<string, Localized>> = {
  reason: {
    powerOn: { en: 'power on', cn: '上电' },
    reboot: { en: 'reboot', cn: '重启' },
    watchdog: { en: 'watchdog', cn: '看门狗' },
    update: { en: 'after an update', cn: '升级后' },
  },
  link: {
    wan: { en: 'WAN', cn: 'WAN' },
    wan2: { en: 'WAN 2', cn: 'WAN 2' },
    cellular1: { en: 'cellular (SIM 1)', cn: '蜂窝（SIM 1）' },
    cellular2: { en: 'cellular (SIM 2)', cn: '蜂窝（SIM 2）' },
    wifi: { en: 'Wi-Fi', cn: 'Wi-Fi' },
  },
  by: { cloud: { en: 'from the cloud', cn: '在云端' }, local: { en: 'on the device', cn: '在设备上' } },
  target: { firmware: { en: 'Firmware', cn: '固件' }, app: { en: 'App', cn: '应用' } },
  state: {
    inExecution: { en: 'in progress', cn: '进行中' },
    downloading: { en: 'downloading', cn: '下载中' },
    installing: { en: 'installing', cn: '安装中' },
    success: { en: 'succeeded', cn: '成功' },
    failure: { en: 'failed', cn: '失败' },
  },
};

const NONE: Localized = { en: 'none', cn: '无' };

/** The event's sentence in the reader's language; an unknown event shows its name and fields as sent. */
export function deviceEventText(type: string, data: unknown, lang: Lang): string {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (type === 'rollout') return rolloutText(d, lang);
  const template = TEMPLATES[type];
  if (!template) return Object.keys(d).length ? `${type} ${JSON.stringify(d)}` : type;
  const word = (kind: string, value: unknown) => {
    if (value === null || value === undefined) return NONE[lang];
    return WORDS[kind]?.[String(value)]?.[lang] ?? String(value);
  };
  const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  return interpolate(template[lang], {
    reason: word('reason', d.reason),
    from: type === 'linkChange' ? word('link', d.from) : str(d.from),
    to: type === 'linkChange' ? word('link', d.to) : str(d.to),
    by: word('by', d.by),
    channel: str(d.channel),
    value: str(d.value),
    user: str(d.user),
    code: str(d.code),
    message: str(d.message),
    target: word('target', d.target),
    version: str(d.version),
    state: word('state', d.state),
  });
}
