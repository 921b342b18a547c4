import type { Migration } from 'kysely';
import * as m0001 from './0001_platform.ts';
import * as m0002 from './0002_accounts.ts';
import * as m0003 from './0003_sessions.ts';
import * as m0004 from './0004_mail_outbox.ts';
import * as m0005 from './0005_shell.ts';
import * as m0010 from './0010_devices.ts';
import * as m0011 from './0011_device_reports.ts';
import * as m0012 from './0012_rpc_commands.ts';

/**
 * Every migration in order. Names sort by their number; a module's issue takes the next free
 * number. Written once in PostgreSQL's dialect and run on PGlite and PostgreSQL alike.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_accounts': m0002,
  '0003_sessions': m0003,
  '0004_mail_outbox': m0004,
  '0005_shell': m0005,
  '0010_devices': m0010,
  '0011_device_reports': m0011,
  '0012_rpc_commands': m0012,
};
