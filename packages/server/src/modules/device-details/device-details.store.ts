import { type CompanyScope, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** SQL of the device details tabs that no other area reads: capabilities, events, syslog; within the scope. */

export interface DevicePage {
  scope: CompanyScope;
  sn: string;
  start: Date;
  end: Date;
  pageNum: number;
  pageSize: number;
}

/** What the device said it can be configured with (its hello's capabilities), or an empty object. */
export async function deviceCapabilities(
  db: DbOrTx,
  scope: CompanyScope,
  sn: string,
): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('device')
    .select('capabilities')
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where('sn', '=', sn)
    .executeTakeFirst();
  return (row?.capabilities ?? {}) as Record<string, unknown>;
}

/** One page of a device's events in a time range, newest first, and how many there are. */
export async function pageDeviceEvents(db: DbOrTx, page: DevicePage & { severity?: string | undefined }) {
  let q = db
    .selectFrom('device_event')
    .where('company_id', 'in', scopedCompanyIds(page.scope))
    .where('sn', '=', page.sn)
    .where('at', '>=', page.start)
    .where('at', '<=', page.end);
  if (page.severity) q = q.where('severity', '=', page.severity);
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'at', 'type', 'severity', 'data'])
      .orderBy('at', 'desc')
      // Events of one instant (a rollout step written with the device's addition) in the order written.
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One page of a device's syslog lines in a time range, newest first, and how many there are. */
export async function pageDeviceSyslog(db: DbOrTx, page: DevicePage) {
  const q = db
    .selectFrom('device_syslog')
    .where('company_id', 'in', scopedCompanyIds(page.scope))
    .where('sn', '=', page.sn)
    .where('at', '>=', page.start)
    .where('at', '<=', page.end);
  const [rows, count] = await Promise.all([
    q
      .select(['id', 'at', 'level', 'message'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
