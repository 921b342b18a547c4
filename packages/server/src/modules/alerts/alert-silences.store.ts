import type { AlertSilenceInput } from '@fleetport/contract';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import { owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of alert silences, always within the caller's company scope; a new silence belongs to the
 * scope's owning company and names a rule, group or device of that company only.
 */

type Target = AlertSilenceInput['target'];

export interface SilenceRow {
  id: number;
  target: Target;
  targetName: string;
  repeat: 'once' | 'weekly';
  startsAt: Date | null;
  endsAt: Date | null;
  weekdays: number[];
  startMinute: number | null;
  endMinute: number | null;
  note: string;
}

export async function listSilences(db: DbOrTx, scope: CompanyScope): Promise<SilenceRow[]> {
  const rows = await db
    .selectFrom('alert_silence as s')
    .leftJoin('alert_rule as r', 'r.id', 's.rule_id')
    .leftJoin('company_group as g', (j) =>
      j.onRef('g.id', '=', 's.group_id').onRef('g.company_id', '=', 's.company_id'),
    )
    .leftJoin('device as d', (j) => j.onRef('d.sn', '=', 's.sn').onRef('d.company_id', '=', 's.company_id'))
    .select([
      's.id',
      's.target_kind',
      's.rule_id',
      's.group_id',
      's.sn',
      's.repeat',
      's.starts_at',
      's.ends_at',
      's.weekdays',
      's.start_minute',
      's.end_minute',
      's.note',
      'r.name as rule_name',
      'g.name as group_name',
      'd.name as device_name',
    ])
    .where('s.company_id', 'in', scopedCompanyIds(scope))
    .orderBy('s.id', 'asc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    target:
      r.target_kind === 'rule'
        ? { kind: 'rule', ruleId: Number(r.rule_id) }
        : r.target_kind === 'group'
          ? { kind: 'group', groupId: Number(r.group_id) }
          : { kind: 'device', sn: r.sn ?? '' },
    targetName: r.rule_name ?? r.group_name ?? r.device_name ?? '',
    repeat: r.repeat as SilenceRow['repeat'],
    startsAt: r.starts_at ? new Date(r.starts_at) : null,
    endsAt: r.ends_at ? new Date(r.ends_at) : null,
    weekdays: (typeof r.weekdays === 'string' ? JSON.parse(r.weekdays) : r.weekdays) as number[],
    startMinute: r.start_minute,
    endMinute: r.end_minute,
    note: r.note,
  }));
}

export async function countSilences(db: DbOrTx, scope: CompanyScope) {
  const row = await db
    .selectFrom('alert_silence')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('company_id', '=', owningCompany(scope))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether the rule, group or device belongs to the scope's owning company. */
export async function silenceTargetExists(db: DbOrTx, scope: CompanyScope, target: Target) {
  const companyId = owningCompany(scope);
  const found =
    target.kind === 'rule'
      ? await db
          .selectFrom('alert_rule')
          .select('id')
          .where('id', '=', target.ruleId)
          .where('company_id', '=', companyId)
          .executeTakeFirst()
      : target.kind === 'group'
        ? await db
            .selectFrom('company_group')
            .select('id')
            .where('id', '=', target.groupId)
            .where('company_id', '=', companyId)
            .executeTakeFirst()
        : await db
            .selectFrom('device')
            .select('sn')
            .where('sn', '=', target.sn)
            .where('company_id', '=', companyId)
            .executeTakeFirst();
  return !!found;
}

export async function insertSilence(
  db: DbOrTx,
  scope: CompanyScope,
  v: {
    target: Target;
    repeat: 'once' | 'weekly';
    startsAt?: number | undefined;
    endsAt?: number | undefined;
    weekdays: number[];
    startMinute?: number | undefined;
    endMinute?: number | undefined;
    note: string;
  },
  userId: number | null,
  now: Date,
): Promise<number> {
  const once = v.repeat === 'once';
  const row = await db
    .insertInto('alert_silence')
    .values({
      company_id: owningCompany(scope),
      target_kind: v.target.kind,
      rule_id: v.target.kind === 'rule' ? v.target.ruleId : null,
      group_id: v.target.kind === 'group' ? v.target.groupId : null,
      sn: v.target.kind === 'device' ? v.target.sn : null,
      repeat: v.repeat,
      starts_at: once && v.startsAt !== undefined ? new Date(v.startsAt) : null,
      ends_at: once && v.endsAt !== undefined ? new Date(v.endsAt) : null,
      weekdays: JSON.stringify(once ? [] : [...new Set(v.weekdays)].sort()),
      start_minute: once ? null : (v.startMinute ?? null),
      end_minute: once ? null : (v.endMinute ?? null),
      note: v.note,
      created_by: userId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteSilence(db: DbOrTx, scope: CompanyScope, id: number) {
  const result = await db
    .deleteFrom('alert_silence')
    .where('id', '=', id)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
