import { interpolate, type Lang } from '../i18n.ts';
import { PLATFORM_ERRORS } from './platform.ts';
import type { ErrorEntry, ErrorReaction } from './types.ts';

export type { ErrorEntry, ErrorReaction } from './types.ts';
export { ERROR_REACTIONS } from './types.ts';

const ALL_ENTRIES: readonly ErrorEntry[] = [...PLATFORM_ERRORS];

/** The whole catalogue by code. Building it throws on a duplicate code, so a clash fails every test. */
export const ERROR_CATALOGUE: ReadonlyMap<number, ErrorEntry> = (() => {
  const map = new Map<number, ErrorEntry>();
  for (const e of ALL_ENTRIES) {
    if (map.has(e.code)) throw new Error(`error code ${e.code} is defined twice`);
    map.set(e.code, e);
  }
  return map;
})();

/** Named codes used by code (servers throw these; clients branch on them). */
export const ErrorCode = {
  SUCCESS: 0,
  REQUEST_ERROR: -1,
  PARAMETER_ERROR: 1,
  DATABASE_ERROR: 2,
  SESSION_EXPIRED: 3,
  NO_PERMISSION: 5,
  SYSTEM_BUSY: 15,
  SESSION_TOO_LONG: 20,
  NO_CREDENTIALS: 101,
  NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
} as const;
export type ErrorCodeName = keyof typeof ErrorCode;

export function errorEntry(code: number): ErrorEntry | undefined {
  return ERROR_CATALOGUE.get(code);
}

/** Unknown codes get the generic toast, like any other non-listed code (core §8). */
export function errorReaction(code: number): ErrorReaction {
  return ERROR_CATALOGUE.get(code)?.reaction ?? 'toast';
}

/**
 * Placeholder values from the envelope's `data`. 14031/14032 carry seconds locked and show minutes
 * rounded up; 180032 (and any other numeric data) fills {num}; object data fills its own keys.
 */
export function errorPlaceholders(code: number, data: unknown): Record<string, string | number | undefined> {
  if (typeof data === 'number') {
    if (code === 14031 || code === 14032) return { num: Math.ceil(data / 60) };
    return { num: data };
  }
  if (typeof data === 'string') return { num: data, sn: data };
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const vars: Record<string, string | number | undefined> = {};
    for (const [k, v] of Object.entries(data)) {
      if (typeof v === 'string' || typeof v === 'number') vars[k] = v;
    }
    return vars;
  }
  return {};
}

/** The message for a code in a language, placeholders filled from `data`. */
export function errorMessage(code: number, lang: Lang, data?: unknown): string {
  const e = ERROR_CATALOGUE.get(code) ?? ERROR_CATALOGUE.get(ErrorCode.REQUEST_ERROR)!;
  return interpolate(e[lang], errorPlaceholders(code, data));
}
