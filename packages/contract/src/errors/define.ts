import type { ErrorEntry } from './types.ts';

/**
 * One catalogue entry. Marked free of side effects so a bundle that needs only the codes (the
 * console's first load) leaves the messages out; what a code does in the console is in reactions.ts.
 */
/* @__NO_SIDE_EFFECTS__ */
export function entry(code: number, en: string, cn: string): ErrorEntry {
  return { code, en, cn };
}
