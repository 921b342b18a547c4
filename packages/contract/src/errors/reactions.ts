import { SILENT_CODES } from './silent.ts';
import type { ErrorReaction } from './types.ts';

/**
 * core §8 "Handling rules": the codes whose console reaction is stronger than the error toast or
 * silence. Kept apart from the messages so the console's first load carries the reactions (a few
 * numbers) and fetches the messages just after (web api/error-text.ts).
 */
const STRONG_REACTIONS: ReadonlyMap<number, ErrorReaction> = new Map([
  [0, 'success'],
  [3, 'logout'],
  [20, 'logout'],
  [108, 'logout'],
  [14019, 'logout'],
  [14053, 'systemUpgrading'],
  [14091, 'accessWindow'],
  [610041, 'logout'],
  [120089, 'warning'],
  [120090, 'warning'],
  [120091, 'warning'],
  [120095, 'upgrade'],
  [190308, 'upgrade'],
]);

/** Unknown codes get the generic toast, like any other non-listed code (core §8). */
export function errorReaction(code: number): ErrorReaction {
  return STRONG_REACTIONS.get(code) ?? (SILENT_CODES.includes(code) ? 'silent' : 'toast');
}

/** Every code with a reaction of its own; the catalogue test checks each has a message. */
export const CODES_WITH_REACTIONS: readonly number[] = [...STRONG_REACTIONS.keys(), ...SILENT_CODES];
