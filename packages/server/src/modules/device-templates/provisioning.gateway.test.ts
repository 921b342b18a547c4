import type { AddressInfo } from 'node:net';
import {
  addDeviceCall,
  createTemplateCall,
  ErrorCode,
  errorMessage,
  FELL_BACK_MESSAGE,
  getConfigSectionsCall,
  getDeviceCall,
  getProvisioningCall,
  type Provisioning,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: a test: real simulated routers claim and answer.
import { createSimulatedDevice, identityOf, type SimulatedDevice } from '@fleetport/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { configFile, ownApp, platformFirmware, SSH_CONFIG } from './template-test-kit.ts';

/**
 * Zero-touch provisioning end to end (issue 14): routers imported by a company claim for the first time
 * over the real gateway, the company's template runs on each as stored steps moved by the job queue and
 * the routers' own answers — the firmware downloaded over HTTP and proven by the hello after the
 * reboot, the app installed, the configuration applied as a change-set the router confirms — and a
 * router whose new image does not boot stops at its firmware step with the reason.
 */

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
const routers: SimulatedDevice[] = [];

async function runOf(sn: string): Promise<Provisioning | undefined> {
  const page = await acme.run(getProvisioningCall, { pageNum: 1, pageSize: 10, sn });
  return page.data?.list.find((p) => p.sn === sn);
}

beforeAll(async () => {
  fleet = await startSimulatedFleet({ jobs: true });
  t = fleet.t;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const created = await ensureSuperAdmin(t.deps);
  const admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme Zero Touch', 'owner@acme-zt.test');
  const firmware = await platformFirmware(t, admin, acme, { series: 'r3000', version: '5.3.4' });
  const app = await ownApp(t, acme, { series: 'r3000', packageName: 'acme-agent' });
  const config = await configFile(t, acme, SSH_CONFIG(2222));
  // Saved from the console at `host`: the routers download the packages from there.
  const template = await acme.call(
    createTemplateCall.method,
    createTemplateCall.path,
    {
      name: 'Depot_R3000',
      series: 'r3000',
      models: ['R3000'],
      firmwareVersionId: firmware,
      appVersionIds: [app],
      configFileId: config,
    },
    { language: 'en', host },
  );
  expect(template.body.code, template.body.msg).toBe(0);
}, 120_000);
afterAll(async () => {
  for (const router of routers) await router.stop();
  await fleet?.close();
});

describe('zero-touch provisioning', () => {
  it('takes new routers through firmware, app and configuration to the end, or stops with the reason', async () => {
    const sns = ['ZT0001', 'ZT0002'];
    // Added with each router's label MAC (an import row becomes a device only at its claim, and the
    // licence that lets a router take firmware is given to a device).
    for (const sn of sns) {
      const added = await acme.run(addDeviceCall, {
        sn,
        model: 'R3000',
        mac: identityOf(sn, 'r3000', 'R3000').mac,
      });
      expect(added.code).toBe(0);
    }
    const heard: string[] = [];
    t.deps.hub.subscribe((event) => {
      if (event.name === 'provisioning.changed')
        heard.push(`${event.data.sn}:${(event.data as { state: string }).state}`);
    }, acme.companyId);
    await putOnLevel(t, acme, sns, 'ESSENTIALS');
    for (const sn of sns) {
      const router = await createSimulatedDevice({
        sn,
        series: 'r3000',
        model: 'R3000',
        url: (t.deps.gateway as Gateway).endpoint(),
        claim: true,
        transfers: true,
        timeScale: 0.01,
        rebootSeconds: 100,
        telemetryPeriodMs: 3_600_000,
      });
      routers.push(router);
    }
    // The second router's new image does not boot: it comes back on the old one.
    routers[1]!.behaviour.fallBackOnReboot = true;

    const done = await eventually(
      async () => {
        const run = await runOf('ZT0001');
        return run?.state === 'done' ? run : undefined;
      },
      60_000,
      'ZT0001 provisioned',
    );
    expect(done).toMatchObject({ templateName: 'Depot_R3000', model: 'R3000' });
    expect(done.steps.map((s) => [s.kind, s.state, s.attempts])).toEqual([
      ['firmware', 'done', 1],
      ['app', 'done', 1],
      ['configuration', 'done', 1],
    ]);
    expect(done.steps.map((s) => s.target)).toEqual([
      'r3000 firmware 5.3.4',
      'acme-agent 1.0.0',
      'template.xml',
    ]);
    // What the router runs now: the new image (its hello), the app, and SSH on the template's port.
    expect((await acme.run(getDeviceCall, { sn: 'ZT0001' })).data?.firmwareVersion).toBe('5.3.4');
    expect(routers[0]!.state.apps.map((a) => a.packageName)).toContain('acme-agent');
    const sections = await acme.run(getConfigSectionsCall, { sn: 'ZT0001' });
    expect(sections.data?.sections.find((x) => x.id === 'services/ssh')?.value).toMatchObject({ port: 2222 });

    const stopped = await eventually(
      async () => {
        const run = await runOf('ZT0002');
        return run?.state === 'stopped' ? run : undefined;
      },
      60_000,
      'ZT0002 stopped',
    );
    expect(stopped.steps.map((s) => [s.kind, s.state])).toEqual([
      ['firmware', 'failed'],
      ['app', 'waiting'],
      ['configuration', 'waiting'],
    ]);
    expect(stopped.steps[0]!.reason).toContain(FELL_BACK_MESSAGE);
    // A router on the Basic licence: its first step waits, saying why, until the company gives it one.
    const basic = await acme.run(addDeviceCall, {
      sn: 'ZT0003',
      model: 'R3000',
      mac: identityOf('ZT0003', 'r3000', 'R3000').mac,
    });
    expect(basic.code).toBe(0);
    routers.push(
      await createSimulatedDevice({
        sn: 'ZT0003',
        series: 'r3000',
        model: 'R3000',
        url: (t.deps.gateway as Gateway).endpoint(),
        claim: true,
        transfers: true,
        timeScale: 0.01,
        rebootSeconds: 100,
        telemetryPeriodMs: 3_600_000,
      }),
    );
    const waiting = await eventually(
      async () => {
        const run = await runOf('ZT0003');
        return run?.steps[0]?.reasonCode === ErrorCode.BASIC_LICENCE_UPGRADE ? run : undefined;
      },
      30_000,
      'ZT0003 waiting for its licence',
    );
    expect(waiting).toMatchObject({ state: 'running' });
    expect(waiting.steps[0]).toMatchObject({
      kind: 'firmware',
      state: 'waiting',
      reason: errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, 'en'),
    });
    await putOnLevel(t, acme, ['ZT0003'], 'ESSENTIALS');
    // The licence's news takes it on from there at once (no waiting for the resume sweep's minute).
    await eventually(
      async () => ((await runOf('ZT0003'))?.state === 'done' ? true : undefined),
      60_000,
      'ZT0003 provisioned after its licence',
    );

    // The console heard each move live: the start, the steps, and how each run ended.
    expect(heard).toEqual(expect.arrayContaining(['ZT0001:running', 'ZT0001:done', 'ZT0002:stopped']));
  }, 120_000);
});
