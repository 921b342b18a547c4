import {
  COMPANY_TYPE,
  cliCall,
  createDistributorCall,
  ErrorCode,
  listPlatformCompaniesCall,
  listRetirementsCall,
  type PlatformCompany,
  platformHealthCall,
  removeRetirementCall,
  SUPER_ADMIN_CALLS,
  saveRetirementCall,
  setCompanyDisabledCall,
  upcomingRetirementsCall,
} from '@fleetport/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { askToken, callApi, makeClient, tokenFor } from '../open-api/open-api-test-kit.ts';

/** The Super Admin console (issue 18): companies, feature retirements, platform health, two-factor. */

const HOUR = 3_600_000;
let t: TestApp;
let admin: Owner;
let adminAccount: { account: string; password: string };
let acme: Owner;
let bravo: Owner;

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  adminAccount = (await ensureSuperAdmin(t.deps))!;
  admin = asOwner(await signIn(t, adminAccount.account, adminAccount.password), {
    companyId: 0,
    userId: 0,
    account: adminAccount.account,
  });
  acme = await companyOwner(t, 'Acme Platform', 'owner@acme-platform.test');
  bravo = await companyOwner(t, 'Bravo Platform', 'owner@bravo-platform.test');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the Super Admin console', () => {
  it("refuses every Super Admin call to a company's owner (5), and answers the banner's call to anyone", async () => {
    for (const call of SUPER_ADMIN_CALLS) {
      const res = await acme.run(call, {} as never);
      if (call.permission === 'superAdmin') expect(res.code, call.id).toBe(ErrorCode.NO_PERMISSION);
      else expect(res.code, call.id).toBe(0);
    }
    // Nothing was made by the refused calls.
    const names = await t.deps.db.selectFrom('company').select('name').execute();
    expect(names.map((n) => n.name).sort()).toEqual(['Acme Platform', 'Bravo Platform']);
  });

  it('lists every company by name part, type and state, and creates a distributor inviting its owner', async () => {
    const made = await admin.run(createDistributorCall, {
      name: 'Delta Distribution',
      country: 'Germany',
      ownerEmail: 'Dora@Delta.test',
    });
    expect(made.code).toBe(0);
    const mail = await t.deps.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'dora@delta.test')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Delta Distribution');
    expect(mail.text_body).toContain('emailToLogin?token=');

    const all = await admin.run(listPlatformCompaniesCall, { pageNum: 1, pageSize: 10 });
    expect(all.total).toBe(3);
    const delta = all.data!.list.find((c) => c.name === 'Delta Distribution') as PlatformCompany;
    expect(delta).toMatchObject({ type: COMPANY_TYPE.distributor, disabled: false, userCount: 0 });
    expect(all.data!.list.find((c) => c.name === 'Acme Platform')).toMatchObject({
      type: COMPANY_TYPE.endCustomer,
      userCount: 1,
      ownerAccount: 'owner@acme-platform.test',
    });
    const distributors = await admin.run(listPlatformCompaniesCall, {
      pageNum: 1,
      pageSize: 10,
      type: COMPANY_TYPE.distributor,
    });
    expect(distributors.data!.list.map((c) => c.name)).toEqual(['Delta Distribution']);
    const byName = await admin.run(listPlatformCompaniesCall, {
      pageNum: 1,
      pageSize: 1,
      keyword: 'platFORM',
    });
    expect(byName.total).toBe(2);
    expect(byName.data!.list).toHaveLength(1);

    // The name is the platform's once, whatever its case (10); a bad address is code 1 naming it.
    const again = await admin.run(createDistributorCall, {
      name: 'delta distribution',
      ownerEmail: 'x@y.test',
    });
    expect(again.code).toBe(ErrorCode.COMPANY_EXISTS);
    const bad = await admin.run(createDistributorCall, { name: 'Echo', ownerEmail: 'not an address' });
    expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(JSON.stringify(bad.data)).toContain('ownerEmail');
    expect((await admin.run(listPlatformCompaniesCall, { pageNum: 1, pageSize: 10 })).total).toBe(3);
  });

  it("disables a company: its people's calls, sign-in and open API tokens answer 610041, until it is enabled again", async () => {
    const apiClient = await makeClient(bravo);
    const apiToken = await tokenFor(t, apiClient);
    expect((await callApi(t.app, apiToken, 'GET', '/tags')).status).toBe(200);
    const off = await admin.run(setCompanyDisabledCall, { companyId: bravo.companyId, disabled: true });
    expect(off.code).toBe(0);
    const refused = await bravo.run(upcomingRetirementsCall, {}, 'cn');
    expect(refused.code).toBe(ErrorCode.COMPANY_DISABLED);
    expect(refused.msg).toBe('该公司已被平台管理员禁用');
    const login = await t.call('POST', '/pl/sso/login', {
      account: 'owner@bravo-platform.test',
      password: TEST_PASSWORD,
    });
    expect(login.body.code).toBe(ErrorCode.COMPANY_DISABLED);
    expect(login.body.msg).toBe('This company has been disabled by the platform administrator');
    // Its integrations stop too: a token issued before answers 403 with the same code.
    const api = await callApi(t.app, apiToken, 'GET', '/tags');
    expect(api.status).toBe(403);
    expect(api.body).toMatchObject({ code: ErrorCode.COMPANY_DISABLED });
    // And no new token is issued: 403, RFC 6749's unauthorized_client beside the code.
    const newToken = await askToken(t.app, {
      grant_type: 'client_credentials',
      client_id: apiClient.client.clientId,
      client_secret: apiClient.secret,
    });
    expect(newToken.status).toBe(403);
    expect(newToken.body).toMatchObject({ error: 'unauthorized_client', code: ErrorCode.COMPANY_DISABLED });
    expect(newToken.body).not.toHaveProperty('access_token');
    // Another company is not touched.
    expect((await acme.run(upcomingRetirementsCall, {})).code).toBe(0);
    const listed = await admin.run(listPlatformCompaniesCall, {
      pageNum: 1,
      pageSize: 10,
      state: 'disabled',
    });
    expect(listed.data!.list.map((c) => c.name)).toEqual(['Bravo Platform']);

    expect(
      (await admin.run(setCompanyDisabledCall, { companyId: bravo.companyId, disabled: false })).code,
    ).toBe(0);
    expect((await bravo.run(upcomingRetirementsCall, {})).code).toBe(0);
    expect((await callApi(t.app, apiToken, 'GET', '/tags')).status).toBe(200);
    const { companyId, userId, account } = bravo;
    bravo = asOwner(await signIn(t, account), { companyId, userId, account });
    expect((await bravo.run(upcomingRetirementsCall, {})).code).toBe(0);

    const unknown = await admin.run(setCompanyDisabledCall, { companyId: 999_999, disabled: true });
    expect(unknown.code).toBe(ErrorCode.PLATFORM_COMPANY_NOT_FOUND);
  });

  it('retires a feature on its date: warned of before, its calls answer 610042 after (the injected clock)', async () => {
    const retireAt = t.clock.now().getTime() + HOUR;
    const saved = await admin.run(saveRetirementCall, { feature: 'remoteCli', retireAt });
    expect(saved.data).toEqual({ feature: 'remoteCli', retireAt });
    expect((await admin.run(listRetirementsCall, {})).data).toEqual([{ feature: 'remoteCli', retireAt }]);
    expect((await acme.run(upcomingRetirementsCall, {})).data).toEqual([{ feature: 'remoteCli', retireAt }]);
    const unknownFeature = await admin.run(saveRetirementCall, { feature: 'teleport' as never, retireAt });
    expect(unknownFeature.code).toBe(ErrorCode.PARAMETER_ERROR);

    // Before the date the call is the device's business (this SN is not the company's).
    const before = await acme.run(cliCall, { sn: 'NO-SUCH-SN', command: 'uptime' });
    expect(before.code).not.toBe(ErrorCode.FEATURE_RETIRED);

    t.clock.advance(HOUR);
    const after = await acme.run(cliCall, { sn: 'NO-SUCH-SN', command: 'uptime' });
    expect(after.code).toBe(ErrorCode.FEATURE_RETIRED);
    expect(after.msg).toBe('This feature has been retired and is no longer available');
    expect((await acme.run(cliCall, { sn: 'NO-SUCH-SN', command: 'uptime' }, 'cn')).msg).toBe(
      '该功能已停用，不再提供',
    );
    // Past its date, no banner; other features answer as before.
    expect((await acme.run(upcomingRetirementsCall, {})).data).toEqual([]);

    expect((await admin.run(removeRetirementCall, { feature: 'remoteCli' })).code).toBe(0);
    const back = await acme.run(cliCall, { sn: 'NO-SUCH-SN', command: 'uptime' });
    expect(back.code).toBe(before.code);
  });

  it('answers the platform health: this node, the database, devices online, the job backlog and answers', async () => {
    const health = await admin.run(platformHealthCall, {});
    expect(health.code).toBe(0);
    const data = health.data!;
    expect(data.nodes).toEqual([expect.objectContaining({ nodeId: t.deps.config.nodeId, self: true })]);
    expect(data.database.reachable).toBe(true);
    expect(data.database.latencyMs).toEqual(expect.any(Number));
    expect(data.devicesOnline).toBe(0);
    expect(data.jobs).toEqual({ queued: expect.any(Number), running: 0, failed: 0 });
    expect(data.responses.windowMinutes).toBe(15);
    expect(data.responses.total).toBeGreaterThan(0);
    // Another node that beat lately is listed; one silent for longer than 2 minutes is not.
    const now = t.clock.now();
    await t.deps.db
      .insertInto('platform_node')
      .values([
        { node_id: 'node-b', started_at: now, seen_at: new Date(now.getTime() - 30_000) },
        { node_id: 'node-gone', started_at: now, seen_at: new Date(now.getTime() - 10 * 60_000) },
      ])
      .execute();
    const nodes = (await admin.run(platformHealthCall, {})).data!.nodes.map((n) => n.nodeId);
    expect(nodes.sort()).toEqual(['node-b', t.deps.config.nodeId].sort());
  });
});

describe("the Super Admin's second factor", () => {
  it('once set up on My Account, cannot be turned off (610044) and is asked at every sign-in', async () => {
    const begun = await admin.call<{ secret: string }>('POST', '/pl/user/twoFactor/begin', {});
    expect(begun.body.code).toBe(0);
    const code = () =>
      TOTP.generate({
        secret: Secret.fromBase32(begun.body.data!.secret),
        timestamp: t.clock.now().getTime(),
      });
    expect((await admin.call('POST', '/pl/user/twoFactor/confirm', { code: code() })).body.code).toBe(0);

    t.clock.advance(30_000);
    const off = await admin.call('POST', '/pl/user/twoFactor/remove', { code: code() }, { language: 'cn' });
    expect(off.body.code).toBe(ErrorCode.TWO_FACTOR_REQUIRED_FOR_SUPER_ADMIN);
    expect(off.body.msg).toBe('超级管理员的两步验证一经设置便不能关闭');

    const login = await t.call<{ challenge?: string; ticket?: string }>('POST', '/pl/sso/login', {
      account: adminAccount.account,
      password: adminAccount.password,
    });
    expect(login.body.code).toBe(0);
    expect(login.body.data!.challenge).toEqual(expect.any(String));
    expect(login.body.data!.ticket).toBeUndefined();
  });
});
