import type { ErrorEntry, ErrorReaction } from './types.ts';

/** One catalogue entry; the reaction defaults to the generic error toast. */
export function entry(code: number, en: string, cn: string, reaction: ErrorReaction = 'toast'): ErrorEntry {
  return { code, en, cn, reaction };
}
