import { z } from 'zod';

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
