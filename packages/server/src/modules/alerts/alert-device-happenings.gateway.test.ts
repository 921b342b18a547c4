import {
  type AlertRuleInput,
  addPackageVersionCall,
  createAlertRuleCall,
  installPackageCall,
  listAlertsCall,
  setPackagePublishedCall,
  setPackageTargetCall,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { upload } from '../device-templates/template-test-kit.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { finalAction, type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

/**
 * The event conditions end to end (issue 16): a simulated router, through its loopback controls,
 * raises an alarm, fails over to another link and switches SIM, reboot-loops and fails a firmware
 * update sent from the app centre; its messages go over MQTT through the gateway, and the sweep (run
 * by the test) fires exactly the rule that matches each, one at a time.
 */

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
let router: Awaited<ReturnType<SimulatedFleet['connect']>>;
const SN = 'FPALRT000001';

const BASE: Omit<AlertRuleInput, 'name' | 'conditions' | 'targets'> = {
  level: 'major',
  description: '',
  conditionMode: 'any',
  triggerVolume: 1,
  triggerInterval: { value: 30, unit: 'minute' },
  pendingMinutes: 0,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
};

const rules: Record<string, number> = {};

async function rule(name: string, condition: AlertRuleInput['conditions'][number]) {
  const created = await acme.run(createAlertRuleCall, {
    ...BASE,
    name,
    targets: { mode: 'devices', sns: [SN] },
    conditions: [condition],
  });
  expect(created.code, created.msg).toBe(0);
  rules[condition.type] = created.data!.ruleId;
}

/**
 * One sweep, on the router's time: what it reports carries its own clock (the real one), so the test's
 * clock first catches up with it, then moves to the next sweep slot (30 s).
 */
async function sweep() {
  t.clock.set(Math.max(Date.now(), t.clock.now().getTime()) + 31_000);
  await runDueJobs(t);
}

/** Which of the rules have a firing alert for the router, by condition type. */
async function firing(): Promise<string[]> {
  const list = (await acme.run(listAlertsCall, { pageSize: 50, sn: SN })).data?.list ?? [];
  return Object.entries(rules)
    .filter(([, id]) => list.some((a) => a.ruleId === id && a.state === 'firing'))
    .map(([type]) => type)
    .sort();
}

/** Waits until the gateway stored `count` events of `type` from the router. */
function stored(type: string, count: number) {
  return eventually(
    async () => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from device_event
        where sn = ${SN} and type = ${type}`.execute(t.deps.db);
      return Number(rows[0]?.n) >= count;
    },
    10_000,
    `${count} ${type} events`,
  );
}

/** A firmware version of the router's series, published to Acme by the platform's Super Admin. */
async function publishedFirmware(version: string): Promise<number> {
  const created = await ensureSuperAdmin(t.deps);
  const admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  const file = await upload(t, admin, 'firmware', 'meg.bin', Buffer.from('MEG5000 image '.repeat(500)));
  const res = await admin.run(addPackageVersionCall, {
    kind: 'firmware',
    name: 'MEG5000 firmware',
    version,
    packageName: 'meg5000-os',
    series: 'meg5000',
    models: ['MEG5000'],
    fileId: file.fileId,
  });
  expect(res.code, res.msg).toBe(0);
  const { versionId } = res.data!;
  await admin.run(setPackageTargetCall, {
    versionId,
    target: { kind: 'companies', companyIds: [acme.companyId] },
  });
  await admin.run(setPackagePublishedCall, { versionId, published: true });
  return versionId;
}

beforeAll(async () => {
  fleet = await startSimulatedFleet({ jobs: 'manual' });
  t = fleet.t;
  acme = await companyOwner(t, 'Acme Alert Sim', 'owner@acme-alert-sim.test');
  router = await fleet.connect(acme, SN, 'meg5000', 'MEG5000');
  await putOnLevel(t, acme, [SN], 'ESSENTIALS');
  await rule('Alarm', { type: 'alarm', clearMinutes: 5 });
  await rule('Link or SIM switch', { type: 'linkSwitch', clearMinutes: 5 });
  await rule('Reboot loop', { type: 'rebootLoop', boots: 3, withinMinutes: 30, clearMinutes: 5 });
  await rule('Update failed', { type: 'updateFailed', clearMinutes: 5 });
  // The power-on boot arrived: one boot is no loop.
  await stored('boot', 1);
}, 120_000);
afterAll(() => fleet?.close());

describe('event conditions driven by a simulated router over MQTT', () => {
  it('fires the matching rule for an alarm, a link and SIM switch, a reboot loop and a failed update', async () => {
    await sweep();
    expect(await firing()).toEqual([]);

    router.raiseAlarm('major', 'DOOR', 'Cabinet door open');
    await stored('alarm', 1);
    await sweep();
    expect(await firing()).toEqual(['alarm']);

    expect(router.failOver(router.state.activeLink === 'wan' ? 'cellular1' : 'wan')).toBe(true);
    expect(router.switchSim(2)).toBe(true);
    await stored('linkChange', 1);
    await stored('simSwitch', 1);
    await sweep();
    expect(await firing()).toEqual(['alarm', 'linkSwitch']);
    const switched = (await acme.run(listAlertsCall, { pageSize: 50, ruleId: rules.linkSwitch })).data!
      .list[0];
    expect(switched).toMatchObject({ sn: SN, state: 'firing', value: 2 });

    await router.rebootLoop(3);
    await stored('boot', 4);
    await sweep();
    expect(await firing()).toEqual(['alarm', 'linkSwitch', 'rebootLoop']);

    const versionId = await publishedFirmware(`${router.state.firmwareVersion.split('.')[0]}.99.1`);
    router.behaviour.failNextUpdateWith = 2;
    const sent = await acme.run(installPackageCall, { sn: SN, versionId });
    expect(sent.code, sent.msg).toBe(0);
    expect((await finalAction(acme, sent.data!.action!.rpcId)).state).toBe('failure');
    await sweep();
    expect(await firing()).toEqual(['alarm', 'linkSwitch', 'rebootLoop', 'updateFailed']);
  });
});
