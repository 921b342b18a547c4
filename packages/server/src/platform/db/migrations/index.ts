import type { Migration } from 'kysely';
import * as m0001 from './0001_platform.ts';

/**
 * Every migration in order. Names sort by their number; a module's issue takes the next free
 * number. Written once in PostgreSQL's dialect and run on PGlite and PostgreSQL alike.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': m0001,
};
