/**
 * The stores that take a CompanyScope reach exactly the scope's companies: one company sees only its
 * own rows, a set (what a distributor's console will hold) sees each of its companies' rows, and a
 * write, which needs one owning company, is refused (5) for a set.
 */
import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyWithEveryRole, type PopulatedCompany } from '../../../test/people.ts';
import { activityPage } from '../../modules/activity-log/activity-log.query.ts';
import { insertGroup, listGroups, rootGroupId } from '../../modules/device-groups/device-groups.store.ts';
import { ensureTags, listTags } from '../../modules/device-tags/device-tags.store.ts';
import { billingPage } from '../../modules/licences/billing.store.ts';
import { assignDeviceLicences } from '../../modules/licences/device-assignment.service.ts';
import { unusedByProduct } from '../../modules/licences/ledger.store.ts';
import { grantPool } from '../../modules/licences/licence-test-kit.ts';
import { listRoles } from '../../modules/roles/roles.store.ts';
import { isAppError } from '../errors.ts';
import { type Actor, type CompanyScope, companyScope } from './actor.ts';

let t: TestApp;
let a: PopulatedCompany;
let b: PopulatedCompany;
let both: CompanyScope;

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithEveryRole(t, 'Alpha', 'alpha.example');
  b = await companyWithEveryRole(t, 'Beta', 'beta.example');
  both = { kind: 'companies', companyIds: [a.companyId, b.companyId] };
  const db = t.database.db;
  for (const [company, name] of [
    [a, 'Alpha depot'],
    [b, 'Beta depot'],
  ] as const) {
    const scope = companyScope(company.companyId);
    await insertGroup(db, scope, await rootGroupId(db, scope), name);
    await ensureTags(db, scope, [`${name} tag`]);
  }
  await grantPool(t, a.companyId, 'ESSENTIAL', 3);
  await grantPool(t, b.companyId, 'ESSENTIAL', 4);
});

afterAll(() => t?.close());

async function refusal(work: Promise<unknown>): Promise<number | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return isAppError(error) ? error.code : -1;
  }
}

describe('a company scope', () => {
  it('reads one company alone and a set of companies together, in every scoped store', async () => {
    const db = t.database.db;
    const one = companyScope(a.companyId);
    expect((await listGroups(db, one)).map((g) => g.groupName)).toEqual(['Alpha depot']);
    expect((await listGroups(db, both)).map((g) => g.groupName)).toEqual(['Alpha depot', 'Beta depot']);
    expect((await listTags(db, both)).map((tag) => tag.tagName)).toEqual([
      'Alpha depot tag',
      'Beta depot tag',
    ]);

    const rolesA = await listRoles(db, one, undefined, 0, 100);
    const rolesB = await listRoles(db, companyScope(b.companyId), undefined, 0, 100);
    const rolesBoth = await listRoles(db, both, undefined, 0, 100);
    expect(rolesA.total).toBeGreaterThan(0);
    expect(rolesBoth.total).toBe(rolesA.total + rolesB.total);

    const filter = { scope: 'all' as const, userId: undefined, startTime: undefined, endTime: undefined };
    const activityA = await activityPage(db, one, filter, 0, 500);
    const activityB = await activityPage(db, companyScope(b.companyId), filter, 0, 500);
    const activityBoth = await activityPage(db, both, filter, 0, 500);
    expect(activityA.total).toBeGreaterThan(0);
    expect(activityBoth.total).toBe(activityA.total + activityB.total);
    expect(activityA.list.every((row) => !activityB.list.some((other) => other.id === row.id))).toBe(true);

    expect((await unusedByProduct(db, one)).get('ESSENTIAL')).toBe(3);
    expect((await unusedByProduct(db, both)).get('ESSENTIAL')).toBe(7);
    const billing = { startTime: undefined, endTime: undefined };
    expect((await billingPage(db, one, billing, 0, 10)).total).toBe(1);
    expect((await billingPage(db, both, billing, 0, 10)).total).toBe(2);
  });

  it('refuses a write for a set of companies: it has no one owner (5)', async () => {
    const db = t.database.db;
    expect(await refusal(insertGroup(db, both, 1, 'Nowhere'))).toBe(ErrorCode.NO_PERMISSION);
    expect(await refusal(ensureTags(db, both, ['nowhere']))).toBe(ErrorCode.NO_PERMISSION);
    const actor = { scope: both, userId: a.members.owner.userId } as Actor;
    const assign = { sns: ['NOWHERE1'], level: 'ESSENTIALS' as const, idempotencyKey: 'scope-set-0001' };
    expect(await refusal(assignDeviceLicences(t.deps, actor, assign))).toBe(ErrorCode.NO_PERMISSION);
    expect((await listGroups(db, both)).map((g) => g.groupName)).not.toContain('Nowhere');
  });
});
