import { type AlertRuleInput, createAlertRuleCall, ErrorCode, listAlertsCall } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { ManualClock } from '../../platform/clock.ts';
import { insertTelemetry } from '../devices/device-reports.store.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';

/**
 * The data usage condition through the API, with the job queue's sweep and a manual clock, on stored
 * telemetry as the gateway writes it: since-boot counters per link, summed per cycle (UTC).
 */

let t: TestApp;
let acme: Owner;
const MIN = 60_000;
const MB = 1_048_576;
/** Monday 7 December 2026, 20:00 UTC. */
const START = Date.UTC(2026, 11, 7, 20, 0);

const BASE: Omit<AlertRuleInput, 'name' | 'conditions' | 'targets'> = {
  level: 'minor',
  description: '',
  conditionMode: 'any',
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 0,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
};

let uptime = 0;
/** One telemetry message with these links' counters (MB received; 1 MB sent besides, never growing). */
async function usage(sn: string, links: Record<string, number>) {
  uptime += 60;
  await insertTelemetry(t.deps.db, [
    {
      companyId: acme.companyId,
      sn,
      at: t.clock.now(),
      uptimeSeconds: uptime,
      seq: uptime,
      data: {
        usage: Object.entries(links).map(([link, mb]) => ({ link, rxBytes: mb * MB, txBytes: MB })),
      },
    },
  ]);
}

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t);
}

/** Days later: the sweep runs, and the owner signs in again (the session has long expired). */
async function at(when: number) {
  t.clock.set(when);
  await runDueJobs(t);
  acme = asOwner(await signIn(t, acme.account), acme);
}

const alertOf = async (ruleId: number) =>
  (await acme.run(listAlertsCall, { pageSize: 50, ruleId })).data?.list[0];

async function rule(name: string, sns: string[], condition: Record<string, unknown>) {
  const created = await acme.run(createAlertRuleCall, {
    ...BASE,
    name,
    targets: { mode: 'devices', sns },
    conditions: [condition as AlertRuleInput['conditions'][number]],
  });
  expect(created.code).toBe(0);
  return created.data!.ruleId;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true }, clock: new ManualClock(START) });
  acme = await companyOwner(t, 'Acme Usage', 'owner@acme-usage.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'RU0001', name: 'Wan box', online: true },
    { sn: 'RU0002', name: 'Dual SIM box', online: true },
    { sn: 'RU0003', name: 'Silent box', online: true },
  ]);
  await runDueJobs(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('data usage condition', () => {
  it('names the field of bad input (code 1) and saves nothing', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['overMb', { link: 'wan', unit: 'mb', cycle: 'daily' }],
      ['allowanceMb', { sim: 1, unit: 'percent', percent: 80, cycle: 'monthly' }],
      ['percent', { sim: 1, unit: 'percent', percent: 150, allowanceMb: 1000, cycle: 'monthly' }],
      ['link', { link: 'wan', sim: 2, unit: 'mb', overMb: 10, cycle: 'daily' }],
      ['link', { unit: 'mb', overMb: 10, cycle: 'daily' }],
      ['overMb', { link: 'wan', unit: 'mb', overMb: 0, cycle: 'daily' }],
      ['cycle', { link: 'wan', unit: 'mb', overMb: 10, cycle: 'yearly' }],
      ['clearMinutes', { link: 'wan', unit: 'mb', overMb: 10, cycle: 'daily', clearMinutes: 5 }],
    ];
    for (const [field, condition] of bad) {
      const res = await acme.run(createAlertRuleCall, {
        ...BASE,
        name: `Bad ${field}`,
        targets: { mode: 'devices', sns: ['RU0001'] },
        conditions: [{ type: 'dataUsage', ...condition } as AlertRuleInput['conditions'][number]],
      });
      expect(res.code, field).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg, field).toContain(field);
    }
  });

  it('fires once the cycle crosses N MB or a % of the allowance, counts a reboot from zero, resolves at the next cycle, and never on missing telemetry', async () => {
    const daily = await rule('WAN > 100 MB a day', ['RU0001', 'RU0003'], {
      type: 'dataUsage',
      link: 'wan',
      unit: 'mb',
      overMb: 100,
      cycle: 'daily',
    });
    const weekly = await rule('WAN > 100 MB a week', ['RU0001'], {
      type: 'dataUsage',
      link: 'wan',
      unit: 'mb',
      overMb: 100,
      cycle: 'weekly',
    });
    const sim2 = await rule('SIM 2 over half its allowance', ['RU0002'], {
      type: 'dataUsage',
      sim: 2,
      unit: 'percent',
      percent: 50,
      allowanceMb: 1000,
      cycle: 'monthly',
    });

    // WAN: 0 (the base), 30, 60, 90 MB received: 90 MB, under 100. Wi-Fi traffic is another link.
    for (const mb of [0, 30, 60, 90]) {
      await usage('RU0001', { wan: mb, wifi: mb * 10 });
      await after(MIN);
    }
    expect(await alertOf(daily)).toBeUndefined();
    await usage('RU0001', { wan: 120, wifi: 1200 });
    await after(MIN);
    expect(await alertOf(daily)).toMatchObject({ sn: 'RU0001', state: 'firing', value: 120 });
    expect(await alertOf(weekly)).toMatchObject({ sn: 'RU0001', state: 'firing' });
    // RU0003 never reported: nothing, neither now nor later.
    expect((await acme.run(listAlertsCall, { pageSize: 50, ruleId: daily })).data?.total).toBe(1);

    // SIM 2: 0, 200, 400 MB, a reboot (the counter falls to 50: 50 more), 100 (500: exactly 50 %, not
    // over), 150 (550). SIM 1's traffic does not count.
    for (const mb of [0, 200, 400, 50, 100]) {
      await usage('RU0002', { cellular1: mb * 5, cellular2: mb });
      await after(MIN);
    }
    expect(await alertOf(sim2)).toBeUndefined();
    await usage('RU0002', { cellular1: 750, cellular2: 150 });
    await after(MIN);
    expect(await alertOf(sim2)).toMatchObject({ sn: 'RU0002', state: 'firing', value: 550 });

    // Tuesday: before any telemetry of the new day nothing clears; its first sample resolves the daily
    // rule. The week and the month go on.
    await at(Date.UTC(2026, 11, 8, 0, 5));
    expect((await alertOf(daily))?.state).toBe('firing');
    await usage('RU0001', { wan: 121 });
    await usage('RU0002', { cellular2: 151 });
    await after(MIN);
    expect(await alertOf(daily)).toMatchObject({ state: 'resolved', value: 0 });
    expect((await alertOf(weekly))?.state).toBe('firing');
    expect((await alertOf(sim2))?.state).toBe('firing');

    // The next Monday resolves the weekly rule; 1 January the monthly one.
    await at(Date.UTC(2026, 11, 14, 0, 1));
    await usage('RU0001', { wan: 122 });
    await usage('RU0002', { cellular2: 152 });
    await after(MIN);
    expect((await alertOf(weekly))?.state).toBe('resolved');
    expect((await alertOf(sim2))?.state).toBe('firing');
    await at(Date.UTC(2027, 0, 1, 0, 1));
    await usage('RU0002', { cellular2: 153 });
    await after(MIN);
    expect((await alertOf(sim2))?.state).toBe('resolved');
    expect((await acme.run(listAlertsCall, { pageSize: 50, ruleId: daily })).data?.total).toBe(1);
  });
});
