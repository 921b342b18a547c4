import {
  ROLLOUT_DEVICE_STATE_LABELS,
  ROLLOUT_STATE_LABELS,
  type RolloutCounts,
  type RolloutDeviceState,
  type RolloutState,
} from '@fleetport/contract';
import { Progress, Tag } from 'antd';
import { useLang } from '../../app/use-lang.ts';

const STATE_COLOURS: Record<RolloutState, string> = {
  running: 'processing',
  paused: 'warning',
  halted: 'error',
  cancelled: 'default',
  completed: 'success',
};

const DEVICE_COLOURS: Record<RolloutDeviceState, string> = {
  waiting: 'default',
  pending: 'processing',
  updating: 'processing',
  rebooting: 'processing',
  verifying: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
  released: 'default',
};

export function RolloutStateTag({ state }: { state: RolloutState }) {
  const lang = useLang();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="rollout-state">
      {ROLLOUT_STATE_LABELS[state][lang]}
    </Tag>
  );
}

export function RolloutDeviceStateTag({ state }: { state: RolloutDeviceState }) {
  const lang = useLang();
  return <Tag color={DEVICE_COLOURS[state]}>{ROLLOUT_DEVICE_STATE_LABELS[state][lang]}</Tag>;
}

/** Final devices of all (the bar), successes in green, failures and timeouts showing as the rest. */
export function RolloutProgress({ counts, size }: { counts: RolloutCounts; size?: 'small' | 'default' }) {
  const total = Math.max(1, counts.total);
  const ended = counts.success + counts.failure + counts.timeout + counts.released;
  const failed = counts.failure + counts.timeout;
  return (
    <Progress
      size={size === 'small' ? 'small' : 'default'}
      percent={Math.round((ended * 100) / total)}
      success={{ percent: Math.round((counts.success * 100) / total) }}
      status={failed > 0 ? 'exception' : undefined}
      format={() => `${counts.success}/${counts.total}`}
    />
  );
}
