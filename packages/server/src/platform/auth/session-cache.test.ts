import { ErrorCode, listDevicesCall, logoutCall } from '@fleetport/contract';
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { sessionCache } from './session-cache.ts';

let t: TestApp;
let owner: SignedIn;
let companyId: number;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ companyId, userId } = await registerCompany(t, {
    companyName: 'Cache Harbour',
    account: 'cora@cache.example',
  }));
  owner = await signIn(t, 'cora@cache.example');
});
afterAll(async () => {
  await t.close();
});

const listCode = async (who: SignedIn = owner) =>
  (await who.call(listDevicesCall.method, listDevicesCall.path, { pageNum: 1, pageSize: 20 })).body.code;

/** Each change is made with bare SQL, as any module, job or person at a console might make it. */
const exec = (text: string) => sql.raw(text).execute(t.deps.db);

describe('the session cache', () => {
  it('reads a session with its user, role and restriction once, then only checks the generation', async () => {
    const statements: string[] = [];
    const counting: KyselyPlugin = {
      transformQuery(args) {
        statements.push(JSON.stringify(args.node));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.deps.db.withPlugin(counting);
    const find = sessionCache(db);
    const first = await find(owner.ticket);
    expect(first?.actor?.user.loginAccount).toBe('cora@cache.example');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('company_access_restriction');
    const again = await find(owner.ticket);
    expect(again).toBe(first);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain('session_generation');
    expect(statements[1]).not.toContain('app_user');
    expect(await find('no-such-ticket-0000000000')).toBeNull();
  });

  it('takes a permission taken from the role into account on the very next call (5)', async () => {
    expect(await listCode()).toBe(0);
    const [role] = (
      await sql<{ id: number; fun_codes: string[] }>`select role.id, role.fun_codes from company_user
        join role on role.id = company_user.role_id where company_user.user_id = ${userId}
        and company_user.company_id = ${companyId}`.execute(t.deps.db)
    ).rows;
    await sql`update role set fun_codes = ${JSON.stringify(role!.fun_codes.filter((c) => c !== listDevicesCall.permission))}
      where id = ${role!.id}`.execute(t.deps.db);
    expect(await listCode()).toBe(ErrorCode.NO_PERMISSION);
    await sql`update role set fun_codes = ${JSON.stringify(role!.fun_codes)} where id = ${role!.id}`.execute(
      t.deps.db,
    );
    expect(await listCode()).toBe(0);
  });

  it('refuses a disabled member on the very next call (14020)', async () => {
    expect(await listCode()).toBe(0);
    await exec(`update company_user set status = 0 where user_id = ${userId}`);
    expect(await listCode()).toBe(ErrorCode.USER_DISABLED);
    await exec(`update company_user set status = 1 where user_id = ${userId}`);
    expect(await listCode()).toBe(0);
  });

  it('closes the company to the role once an access restriction is saved (14091), and opens it again', async () => {
    expect(await listCode()).toBe(0);
    const [member] = (
      await sql<{
        role_type: number;
      }>`select role.role_type from company_user join role on role.id = company_user.role_id
        where company_user.user_id = ${userId}`.execute(t.deps.db)
    ).rows;
    // No day is open: the whole range is barred for the owner's role type.
    await sql`insert into company_access_restriction (company_id, enabled, start_date, end_date, days, role_types, holidays, updated_at)
      values (${companyId}, true, '2000-01-01', '2999-12-31', '[]', ${JSON.stringify([member!.role_type])}, '[]', now())`.execute(
      t.deps.db,
    );
    expect(await listCode()).toBe(ErrorCode.ACCESS_RESTRICTED);
    await exec(`delete from company_access_restriction where company_id = ${companyId}`);
    expect(await listCode()).toBe(0);
  });

  it('ends the session at logout (3) and after a sign-in elsewhere (14019)', async () => {
    const first = await signIn(t, 'cora@cache.example');
    expect(await listCode(first)).toBe(0);
    const second = await signIn(t, 'cora@cache.example');
    expect(await listCode(first)).toBe(ErrorCode.LOGGED_IN_ELSEWHERE);
    expect(await listCode(second)).toBe(0);
    expect((await second.call(logoutCall.method, logoutCall.path, {})).body.code).toBe(0);
    expect(await listCode(second)).toBe(ErrorCode.SESSION_EXPIRED);
  });

  it('does not see a change that is not committed, and sees it once it is', async () => {
    const fresh = await signIn(t, 'cora@cache.example');
    expect(await listCode(fresh)).toBe(0);
    const find = sessionCache(t.deps.db);
    expect((await find(fresh.ticket))?.actor?.member?.status).toBe(1);
    await t.deps.db.transaction().execute(async (tx) => {
      await sql`update company_user set status = 0 where user_id = ${userId}`.execute(tx);
      // PGlite has one connection: the reader runs after the commit, PostgreSQL's reader before it.
      if (t.deps.dialect === 'postgres') expect((await find(fresh.ticket))?.actor?.member?.status).toBe(1);
    });
    expect((await find(fresh.ticket))?.actor?.member?.status).toBe(0);
    await exec(`update company_user set status = 1 where user_id = ${userId}`);
    expect(await listCode(fresh)).toBe(0);
  });
});
