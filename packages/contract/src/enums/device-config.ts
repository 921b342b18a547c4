import { z } from 'zod';

/**
 * States of a configuration change-set (issue 15, docs/device-protocol.md §7.5). Kept apart from the
 * calls so the console's live socket reads them without loading the calls' schemas.
 */
export const CHANGE_SET_STATES = [
  'queued',
  'applying',
  'applied',
  'rejected',
  'reverted',
  'expired',
] as const;
export const ChangeSetStateSchema = z.enum(CHANGE_SET_STATES);
export type ChangeSetState = z.infer<typeof ChangeSetStateSchema>;
/** States a change-set ends in; one that is not final holds the device (one change-set at a time). */
export const FINAL_CHANGE_SET_STATES: readonly ChangeSetState[] = [
  'applied',
  'rejected',
  'reverted',
  'expired',
];

/**
 * Where a change-set came from: a person's change to the device (its fields become the device's own
 * settings, which win over its group's profile), a group profile's rollout, a zero-touch template, or
 * a person clearing the device's own setting (`cleared`: the field goes back to its group profile's value
 * and stops being the device's own), or a change made on the device itself that a person kept
 * (`local`: adopting a drift; never sent, its fields become the device's own settings).
 */
export const CHANGE_SET_SOURCES = ['user', 'profile', 'template', 'cleared', 'local'] as const;
export const ChangeSetSourceSchema = z.enum(CHANGE_SET_SOURCES);
export type ChangeSetSource = z.infer<typeof ChangeSetSourceSchema>;

/**
 * Where a field's target value comes from (layering group < device): the device's own setting, a
 * group's profile, or nothing set in the cloud (the device's running value is the target).
 */
export const CONFIG_VALUE_ORIGINS = ['device', 'group', 'running'] as const;
export type ConfigValueOrigin = (typeof CONFIG_VALUE_ORIGINS)[number];
