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
