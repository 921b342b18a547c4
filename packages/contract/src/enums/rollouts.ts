import { z } from 'zod';
import type { Labels } from './labels.ts';

/**
 * States of a rollout and of each device in it (issue 14). Kept apart from the calls so the console's
 * live socket reads them without loading the calls' schemas.
 *
 * A rollout runs batch after batch; it pauses (by a person, or by itself when a batch fails past its
 * limit with "pause"), halts (by itself, with "halt"), is cancelled, or completes when every device
 * is in a final state.
 */
export const ROLLOUT_STATES = ['running', 'paused', 'halted', 'cancelled', 'completed'] as const;
export const RolloutStateSchema = z.enum(ROLLOUT_STATES);
export type RolloutState = z.infer<typeof RolloutStateSchema>;

export const ROLLOUT_STATE_LABELS: Labels<RolloutState> = {
  running: { en: 'Running', cn: '进行中' },
  paused: { en: 'Paused', cn: '已暂停' },
  halted: { en: 'Halted', cn: '已中止' },
  cancelled: { en: 'Cancelled', cn: '已取消' },
  completed: { en: 'Completed', cn: '已完成' },
};

/**
 * A device in a rollout: waiting for its batch, then the update states of core §4 (pending, updating,
 * rebooting), `verifying` while the cloud waits for its link to be healthy again, and one final state.
 * `released`: the rollout was cancelled before the device started.
 */
export const ROLLOUT_DEVICE_STATES = [
  'waiting',
  'pending',
  'updating',
  'rebooting',
  'verifying',
  'success',
  'failure',
  'timeout',
  'released',
] as const;
export const RolloutDeviceStateSchema = z.enum(ROLLOUT_DEVICE_STATES);
export type RolloutDeviceState = z.infer<typeof RolloutDeviceStateSchema>;

export const FINAL_ROLLOUT_DEVICE_STATES: readonly RolloutDeviceState[] = [
  'success',
  'failure',
  'timeout',
  'released',
];
/** Started and not yet final: the device holds its batch open. */
export const ACTIVE_ROLLOUT_DEVICE_STATES: readonly RolloutDeviceState[] = [
  'pending',
  'updating',
  'rebooting',
  'verifying',
];

export const ROLLOUT_DEVICE_STATE_LABELS: Labels<RolloutDeviceState> = {
  waiting: { en: 'Waiting', cn: '等待中' },
  pending: { en: 'Pending', cn: '待升级' },
  updating: { en: 'Updating', cn: '升级中' },
  rebooting: { en: 'Rebooting', cn: '重启中' },
  verifying: { en: 'Checking the link', cn: '检查链路中' },
  success: { en: 'Success', cn: '成功' },
  failure: { en: 'Failure', cn: '失败' },
  timeout: { en: 'Timeout', cn: '超时' },
  released: { en: 'Released', cn: '已释放' },
};
