import type { AccessRestriction } from '@fleetport/contract';
import type { DbOrTx } from '../../platform/db/open.ts';

/** The stored columns of a company's restriction (also read with the session, platform/auth/session.store.ts). */
export interface RestrictionRow {
  enabled: boolean;
  start_date: string;
  end_date: string;
  days: unknown;
  role_types: number[];
  holidays: { name: string; time: string }[];
}

export function toAccessRestriction(row: RestrictionRow): AccessRestriction {
  return {
    enabled: row.enabled,
    startDate: row.start_date,
    endDate: row.end_date,
    days: row.days as AccessRestriction['days'],
    roleTypes: row.role_types,
    holidays: row.holidays,
  };
}

export async function findRestriction(db: DbOrTx, companyId: number): Promise<AccessRestriction | null> {
  const row = await db
    .selectFrom('company_access_restriction')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? toAccessRestriction(row) : null;
}

export async function saveRestriction(db: DbOrTx, companyId: number, value: AccessRestriction, now: Date) {
  const row = {
    enabled: value.enabled,
    start_date: value.startDate,
    end_date: value.endDate,
    days: JSON.stringify(value.days),
    role_types: JSON.stringify(value.roleTypes),
    holidays: JSON.stringify(value.holidays),
    updated_at: now,
  };
  await db
    .insertInto('company_access_restriction')
    .values({ company_id: companyId, ...row })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(row))
    .execute();
}
