import {
  applyInstallerLicenceCall,
  ErrorCode,
  errorMessage,
  grantInstallerTrialCall,
  type InstallerLicenceAnswer,
  installerDashboardCall,
  installerLicenceStatusCall,
  openInstallerState,
  verifyInstallerLicenceCall,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { grantPool, operationKey } from '../licences/licence-test-kit.ts';

/**
 * The installer console's licence (issue 20): the sealed check and its salt, the Super Admin's trial
 * (once), licences applied from the pool (30 days, one per started 5,000 devices), and the freeze of
 * the console's calls once access ends (190328), per company.
 */

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 31, 9, 0, 0);
let t: TestApp;
let admin: Owner;
let acme: Owner;
let bravo: Owner;
let adminPassword: string;

/** Signs the company's owner in again (sessions last 4 hours; these tests let months pass). */
async function again(who: Owner, password?: string): Promise<Owner> {
  return asOwner(await signIn(t, who.account, password), who);
}

async function passDays(days: number) {
  t.clock.advance(days * DAY);
  acme = await again(acme);
  bravo = await again(bravo);
  admin = await again(admin, adminPassword);
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  t.clock.set(START);
  const account = (await ensureSuperAdmin(t.deps))!;
  adminPassword = account.password;
  admin = asOwner(await signIn(t, account.account, account.password), {
    companyId: 0,
    userId: 0,
    account: account.account,
  });
  acme = await companyOwner(t, 'Acme Installers', 'owner@acme-installers.test');
  bravo = await companyOwner(t, 'Bravo Installers', 'owner@bravo-installers.test');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('the installer console licence', () => {
  it('answers a company without trial or licence as expired, and freezes its console calls (190328)', async () => {
    const res = await acme.run(verifyInstallerLicenceCall, {});
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ consoleState: 'expired', endsAt: null });
    expect(await openInstallerState(res.data!)).toBe('EXPIRED');

    const frozen = await acme.run(installerDashboardCall, {});
    expect(frozen.code).toBe(ErrorCode.INSTALLER_LICENCE_EXPIRED);
    expect(frozen.msg).toBe(errorMessage(ErrorCode.INSTALLER_LICENCE_EXPIRED, 'en'));
    const cn = await acme.run(installerDashboardCall, {}, 'cn');
    expect(cn.msg).toBe(errorMessage(ErrorCode.INSTALLER_LICENCE_EXPIRED, 'cn'));

    // The settings page still answers, so a licence can be applied.
    const status = await acme.run(installerLicenceStatusCall, {});
    expect(status.data).toMatchObject({
      consoleState: 'expired',
      trialStartedAt: null,
      devices: 0,
      licencesPerPeriod: 1,
      licencesAvailable: 0,
    });
  });

  it('lets only the Super Admin grant the two-month trial, once per company (190327, 610043)', async () => {
    const byOwner = await acme.run(grantInstallerTrialCall, { companyId: acme.companyId });
    expect(byOwner.code).toBe(ErrorCode.NO_PERMISSION);

    const granted = await admin.run(grantInstallerTrialCall, { companyId: acme.companyId });
    expect(granted.code).toBe(0);
    // 31 January + 2 months: the last day of March, same time of day.
    expect(granted.data).toEqual({ trialStartedAt: START, trialEndsAt: Date.UTC(2026, 2, 31, 9, 0, 0) });

    const twice = await admin.run(grantInstallerTrialCall, { companyId: acme.companyId });
    expect(twice.code).toBe(ErrorCode.INSTALLER_TRIAL_USED);
    expect(twice.msg).toBe(errorMessage(ErrorCode.INSTALLER_TRIAL_USED, 'en'));

    const unknown = await admin.run(grantInstallerTrialCall, { companyId: 999_999 });
    expect(unknown.code).toBe(ErrorCode.PLATFORM_COMPANY_NOT_FOUND);
    const bad = await admin.run(grantInstallerTrialCall, { companyId: -1 });
    expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(bad.msg).toContain('companyId');
  });

  it('answers the trial as 190326 with a state that opens to its own salt only', async () => {
    const res = await acme.run(verifyInstallerLicenceCall, {});
    expect(res.code).toBe(ErrorCode.INSTALLER_TRIAL);
    const answer = res.data as InstallerLicenceAnswer;
    expect(answer).toMatchObject({ consoleState: 'freeTrial', endsAt: Date.UTC(2026, 2, 31, 9, 0, 0) });
    expect(await openInstallerState(answer)).toBe('USING');

    // A state copied beside another answer's salt, or edited, reads EXPIRED.
    const other = (await acme.run(verifyInstallerLicenceCall, {})).data as InstallerLicenceAnswer;
    expect(other.salt).not.toBe(answer.salt);
    expect(await openInstallerState({ state: answer.state, salt: other.salt })).toBe('EXPIRED');
    const edited = `${answer.state.slice(0, -4)}AAA=`;
    expect(await openInstallerState({ state: edited, salt: answer.salt })).toBe('EXPIRED');
    expect(await openInstallerState({ state: 'not base64!', salt: answer.salt })).toBe('EXPIRED');

    // Bravo has no trial: its console stays frozen.
    expect((await bravo.run(installerDashboardCall, {})).code).toBe(ErrorCode.INSTALLER_LICENCE_EXPIRED);
  });

  it("shows the company's own devices, online ones, 30 days of data and mean uptime on the dashboard", async () => {
    const now = t.clock.now();
    await seedDevices(t, acme.companyId, [
      { sn: 'IC0000000001', online: true },
      { sn: 'IC0000000002', online: false },
    ]);
    await seedDevices(t, bravo.companyId, [{ sn: 'IC0000000003', online: true }]);
    const sample = (sn: string, companyId: number, daysAgo: number, rx: number, uptime: number) => ({
      company_id: companyId,
      sn,
      at: new Date(now.getTime() - daysAgo * DAY),
      data: JSON.stringify({ usage: [{ link: 'wwan1', rxBytes: rx, txBytes: rx / 2 }] }),
      uptime_s: uptime,
      seq: daysAgo,
    });
    await t.deps.db
      .insertInto('device_telemetry')
      .values([
        sample('IC0000000001', acme.companyId, 40, 0, 100), // before the window: not counted
        sample('IC0000000001', acme.companyId, 20, 1_000, 3_600),
        sample('IC0000000001', acme.companyId, 10, 5_000, 7_200),
        sample('IC0000000002', acme.companyId, 5, 2_000, 600),
        sample('IC0000000002', acme.companyId, 1, 4_000, 1_800),
        sample('IC0000000003', bravo.companyId, 1, 90_000, 86_400),
      ])
      .execute();

    const res = await acme.run(installerDashboardCall, {});
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      devices: 2,
      online: 1,
      // IC…01 grew 4,000 down and 2,000 up; IC…02 2,000 down and 1,000 up.
      dataUsedBytes: 9_000,
      // The last uptime of each: 7,200 and 1,800 seconds.
      averageUptimeSeconds: 4_500,
    });
  });

  it('applies licences from the pool after the trial: 30 days a period, the same key taking nothing again', async () => {
    const key = operationKey();
    const short = await acme.run(applyInstallerLicenceCall, { licences: 2, idempotencyKey: key });
    expect(short).toMatchObject({ code: ErrorCode.NOT_ENOUGH_LICENCES, data: { needed: 2, available: 0 } });

    await grantPool(t, acme.companyId, 'OPERATIONS_CONSOLE', 3);
    const applied = await acme.run(applyInstallerLicenceCall, { licences: 2, idempotencyKey: key });
    expect(applied.code).toBe(0);
    // During the trial, the paid periods start now.
    const paidUntil = t.clock.now().getTime() + 60 * DAY;
    expect(applied.data).toMatchObject({ licencesUsed: 2, daysAdded: 60, paidUntil });
    const replay = await acme.run(applyInstallerLicenceCall, { licences: 2, idempotencyKey: key });
    expect(replay.data).toEqual(applied.data);

    const status = await acme.run(installerLicenceStatusCall, {});
    expect(status.data).toMatchObject({
      consoleState: 'active',
      paidUntil,
      endsAt: paidUntil,
      licencesAvailable: 1,
    });
    const verify = await acme.run(verifyInstallerLicenceCall, {});
    expect(verify.code).toBe(0);
    expect(await openInstallerState(verify.data!)).toBe('USING');

    const ledger = await t.deps.db
      .selectFrom('licence_ledger')
      .select(['movement', 'quantity', 'period_start', 'period_end'])
      .where('company_id', '=', acme.companyId)
      .where('product', '=', 'OPERATIONS_CONSOLE')
      .where('movement', '=', 'consumption')
      .execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ quantity: -2 });
    expect(ledger[0]!.period_end?.getTime()).toBe(paidUntil);
  });

  it('freezes the console when its last period ends, and a licence applied then thaws it', async () => {
    await passDays(61);
    const verify = await acme.run(verifyInstallerLicenceCall, {});
    expect(verify.data).toMatchObject({ consoleState: 'expired', endsAt: null });
    expect(await openInstallerState(verify.data!)).toBe('EXPIRED');
    expect((await acme.run(installerDashboardCall, {})).code).toBe(ErrorCode.INSTALLER_LICENCE_EXPIRED);

    const applied = await acme.run(applyInstallerLicenceCall, {
      licences: 1,
      idempotencyKey: operationKey(),
    });
    expect(applied.data).toMatchObject({
      licencesUsed: 1,
      daysAdded: 30,
      paidUntil: t.clock.now().getTime() + 30 * DAY,
    });
    expect((await acme.run(installerDashboardCall, {})).code).toBe(0);
  });

  it('takes one licence per started 5,000 devices each period (190329 with fewer), leaving the rest in the pool', async () => {
    // Bravo gets 5,001 devices: each period takes 2 licences.
    await sql`
      insert into device (sn, company_id, name, secret_hash)
      select 'BULK' || lpad(i::text, 8, '0'), ${bravo.companyId}, 'bulk', 'x'
        from generate_series(1, 5000) i`.execute(t.deps.db);
    await grantPool(t, bravo.companyId, 'OPERATIONS_CONSOLE', 5);

    const one = await bravo.run(applyInstallerLicenceCall, { licences: 1, idempotencyKey: operationKey() });
    expect(one).toMatchObject({ code: ErrorCode.INSTALLER_DEVICE_LIMIT, data: { devices: 5001, needed: 2 } });
    expect(one.msg).toBe(errorMessage(ErrorCode.INSTALLER_DEVICE_LIMIT, 'en'));

    const five = await bravo.run(applyInstallerLicenceCall, { licences: 5, idempotencyKey: operationKey() });
    expect(five.data).toMatchObject({ licencesUsed: 4, daysAdded: 60 });
    const status = await bravo.run(installerLicenceStatusCall, {});
    expect(status.data).toMatchObject({
      devices: 5001,
      licencesPerPeriod: 2,
      licencesAvailable: 1,
      consoleState: 'active',
    });

    for (const licences of [0, 121, 1.5]) {
      const bad = await bravo.run(applyInstallerLicenceCall, { licences, idempotencyKey: operationKey() });
      expect(bad.code, String(licences)).toBe(ErrorCode.PARAMETER_ERROR);
      expect(bad.msg).toContain('licences');
    }
  });
});
