import { formatBytes, formatDateTime, type RemoteAction } from '@fleetport/contract';
import { Descriptions, Flex, Progress, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const STATE_COLOR = {
  inExecution: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
} as const;

const mbps = (bps: unknown) => (typeof bps === 'number' ? `${(bps / 1_000_000).toFixed(1)} Mbps` : null);

type Row = { link: string; rxBytes: number; txBytes: number };
type Channel = { name: string; kind: 'DI' | 'DO' | 'AI'; value: number };

/**
 * Results whose lines are named by the device's own data (links, IO channels), in words: the label
 * is final text, not a key. `w` is the status panel's namespace, which holds the link words.
 */
function namedLines(
  method: string,
  result: Record<string, unknown>,
  w: TFunction,
): [string, string][] | null {
  if (method === 'dataManagement' && Array.isArray(result.usage))
    return (result.usage as Row[]).map((u) => [
      w(`words.link.${u.link}`, u.link),
      w('usageLine', { rx: formatBytes(u.rxBytes), tx: formatBytes(u.txBytes) }),
    ]);
  if (method === 'ioControl' && Array.isArray(result.channels))
    return (result.channels as Channel[]).map((c) => [
      w(`io.${c.kind}`, { name: c.name }),
      c.kind === 'AI' ? String(c.value) : w(c.value ? 'io.on' : 'io.off'),
    ]);
  if (method === 'switchConnection' && typeof result.activeLink === 'string')
    return [[w('nowActive'), w(`words.link.${result.activeLink}`, result.activeLink)]];
  return null;
}

/** The readable lines of a result the console knows (ping, speed test); other results as JSON. */
function summary(method: string, result: Record<string, unknown>): [string, string][] | null {
  if (method === 'reboot') return [['rebootAt', formatDateTime(Number(result.rebootAt))]];
  if (method === 'ping')
    return [
      ['host', String(result.host)],
      ['received', `${result.received}/${result.sent}`],
      ['loss', `${result.lossPercent}%`],
      ['avg', result.avgMs === null ? '- -' : `${result.avgMs} ms`],
    ];
  if (method === 'speedTest')
    return [
      ['download', mbps(result.downloadBps) ?? '- -'],
      ['upload', mbps(result.uploadBps) ?? '- -'],
      ['latency', `${result.latencyMs} ms`],
      ['link', String(result.link)],
    ];
  return null;
}

/** Progress while the device works, then the result (or why it failed). */
export function ActionResult({ action }: { action: RemoteAction }) {
  const { t } = useTranslation('deviceDetails');
  const { t: w } = useTranslation('deviceStatus');
  const result = (action.result ?? null) as Record<string, unknown> | null;
  const error = (action.error ?? null) as { message?: string } | null;
  const named = result ? namedLines(action.method, result, w) : null;
  const lines = named ?? (result ? summary(action.method, result) : null);
  return (
    <Flex
      vertical
      gap={6}
      style={{ marginTop: 12 }}
      data-testid={`result-${action.method}`}
      data-state={action.state}
    >
      <span>
        <Tag color={STATE_COLOR[action.state]}>{t(`state.${action.state}`)}</Tag>
        {action.state === 'inExecution' && !action.delivered && (
          <Typography.Text type="secondary">{t('state.queued')}</Typography.Text>
        )}
      </span>
      {action.state === 'inExecution' && (
        <Progress percent={action.delivered ? 60 : 20} status="active" showInfo={false} size="small" />
      )}
      {action.state === 'success' && lines && (
        <Descriptions
          size="small"
          column={1}
          items={lines.map(([k, v]) => ({ key: k, label: named ? k : t(`result.${k}`), children: v }))}
        />
      )}
      {action.state === 'success' && !lines && result && Object.keys(result).length > 0 && (
        <pre style={{ maxHeight: 160, overflow: 'auto', margin: 0, fontSize: 12 }}>
          {JSON.stringify(result, null, 2)}
        </pre>
      )}
      {action.state === 'failure' && (
        <Typography.Text type="danger">{error?.message ?? t('state.failure')}</Typography.Text>
      )}
      {action.state === 'timeout' && (
        <Typography.Text type="warning">{t('state.timeoutHint')}</Typography.Text>
      )}
    </Flex>
  );
}
