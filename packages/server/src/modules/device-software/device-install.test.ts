import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type AddPackageVersionBody,
  addPackageVersionCall,
  type CallInput,
  type DeviceUpdate,
  ErrorCode,
  errorMessage,
  FELL_BACK_MESSAGE,
  getDeviceCall,
  getDeviceUpdateHistoryCall,
  installPackageCall,
  setPackagePublishedCall,
  setPackageTargetCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { upload } from '../device-templates/template-test-kit.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { finalAction, type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { UPDATE_SPACING_MS } from './device-install.service.ts';

/**
 * Installing app centre versions on one device (issue 14): the refusals with their codes, and a real
 * over-the-air update with the simulator — a signed link downloaded over HTTP (resumed with Range
 * after a break), the SHA-256 checked, the reboot, and success only when the hello carries the new
 * version; a router that falls back to its old image ends `failure`, one that goes silent `timeout`.
 */

let fleet: SimulatedFleet;
let t: TestApp;
let admin: Owner;
let acme: Owner;
let rival: Owner;
let router: Awaited<ReturnType<SimulatedFleet['connect']>>;
/** Where the console reaches the server: the devices download from the same address. */
let host: string;

const IMAGE = Buffer.from('MEG5000 firmware image '.repeat(3000));

const stored = (who: Owner, kind: string, name: string, bytes: Buffer) => upload(t, who, kind, name, bytes);

/** A platform firmware version published to Acme. */
async function firmware(over: Partial<AddPackageVersionBody> = {}): Promise<number> {
  const file = await stored(admin, 'firmware', 'meg.bin', IMAGE);
  const res = await admin.run(addPackageVersionCall, {
    kind: 'firmware',
    name: 'MEG5000 firmware',
    version: '2.3.5',
    packageName: 'meg5000-os',
    series: 'meg5000',
    models: ['MEG5000'],
    fileId: file.fileId,
    ...over,
  });
  if (res.code !== 0) throw new Error(`add failed: ${res.code} ${res.msg}`);
  const { versionId } = res.data!;
  await admin.run(setPackageTargetCall, {
    versionId,
    target: { kind: 'companies', companyIds: [acme.companyId] },
  });
  await admin.run(setPackagePublishedCall, { versionId, published: true });
  return versionId;
}

function install(who: Owner, input: CallInput<typeof installPackageCall>, lang: 'en' | 'cn' = 'en') {
  return who
    .call(installPackageCall.method, installPackageCall.path, input, { language: lang, host })
    .then((res) => res.body as Awaited<ReturnType<typeof who.run<typeof installPackageCall>>>);
}

async function history(sn: string): Promise<DeviceUpdate[]> {
  const res = await acme.run(getDeviceUpdateHistoryCall, { sn, kind: 'firmware', pageNum: 1, pageSize: 20 });
  return res.data?.list ?? [];
}

/** Past the 15-minute spacing since the last install. */
function spaced() {
  t.clock.advance(UPDATE_SPACING_MS + 1000);
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const created = await ensureSuperAdmin(t.deps);
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme OTA', 'owner@acme-ota.test');
  rival = await companyOwner(t, 'Rival OTA', 'owner@rival-ota.test');
  router = await fleet.connect(acme, 'OTA0001', 'meg5000', 'MEG5000', {
    transfers: true,
    rebootSeconds: 100,
  });
  await seedDevices(t, acme.companyId, [
    { sn: 'OTA-OLD', series: 'r1520', model: 'R1520', firmware: '5.1.0' },
    { sn: 'OTA-BASIC', series: 'meg5000', model: 'MEG5000', firmware: '2.3.1' },
  ]);
  await putOnLevel(t, acme, ['OTA0001', 'OTA-OLD'], 'ESSENTIALS');
}, 120_000);
afterAll(() => fleet?.close());

describe('refusals', () => {
  it('refuses a device on the Basic licence with 120095, in both languages', async () => {
    const versionId = await firmware({ version: '2.3.2' });
    for (const lang of ['en', 'cn'] as const) {
      const res = await install(acme, { sn: 'OTA-BASIC', versionId, timing: 'immediately' }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.BASIC_LICENCE_UPGRADE,
        msg: errorMessage(ErrorCode.BASIC_LICENCE_UPGRADE, lang),
      });
    }
  });

  it('refuses a package not for the series or model with 160040', async () => {
    const other = await firmware({
      packageName: 'r1520-os',
      series: 'r1520',
      models: ['R1520'],
      version: '5.3.1',
    });
    const res = await install(acme, { sn: 'OTA0001', versionId: other, timing: 'immediately' });
    expect(res).toMatchObject({
      code: ErrorCode.APP_PACKAGE_NOT_FOR_DEVICE,
      msg: "This firmware or app is not for the device's series or model",
    });
    // R1520 series, but only for the R1520-4L: not for OTA-OLD, an R1520.
    const model = await firmware({
      packageName: 'r1520-os',
      series: 'r1520',
      models: ['R1520-4L'],
      version: '5.2.2',
    });
    expect((await install(acme, { sn: 'OTA-OLD', versionId: model })).code).toBe(
      ErrorCode.APP_PACKAGE_NOT_FOR_DEVICE,
    );
  });

  it('refuses crossing major versions without 5.2.2 first (120100)', async () => {
    const next = await firmware({
      packageName: 'r1520-os',
      series: 'r1520',
      models: ['R1520'],
      version: '5.3.2',
    });
    const res = await install(acme, { sn: 'OTA-OLD', versionId: next });
    expect(res).toMatchObject({ code: ErrorCode.FIRMWARE_522_FIRST });
  });

  it('refuses a time less than 15 minutes ahead (120074) and a missing time (1)', async () => {
    const versionId = await firmware({ version: '2.3.4' });
    const soon = t.clock.now().getTime() + 60_000;
    expect((await install(acme, { sn: 'OTA0001', versionId, timing: 'at', at: soon })).code).toBe(
      ErrorCode.TIMER_TOO_SOON,
    );
    expect((await install(acme, { sn: 'OTA0001', versionId, timing: 'at' })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
  });

  it('gives another company nothing: not the device, not a version not published to it', async () => {
    const versionId = await firmware({ version: '2.3.6' });
    expect((await install(rival, { sn: 'OTA0001', versionId })).code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    await seedDevices(t, rival.companyId, [
      { sn: 'RIV-1', series: 'meg5000', model: 'MEG5000', firmware: '2.3.1' },
    ]);
    expect((await install(rival, { sn: 'RIV-1', versionId })).code).toBe(ErrorCode.APP_PACKAGE_NOT_FOUND);
  });
});

describe('an over-the-air update with the simulator', () => {
  it('downloads over a broken and resumed transfer, checks the sha256, reboots and succeeds on the new hello', async () => {
    const versionId = await firmware({ version: '2.3.5' });
    router.behaviour.interruptDownloadAfterBytes = 10_000;
    const sent = await install(acme, { sn: 'OTA0001', versionId, timing: 'immediately' });
    expect(sent.code).toBe(0);
    const rpcId = sent.data!.action!.rpcId;
    const row = await t.deps.db
      .selectFrom('rpc_command')
      .select('params')
      .where('id', '=', rpcId)
      .executeTakeFirstOrThrow();
    expect(row.params).toMatchObject({
      version: '2.3.5',
      sha256: createHash('sha256').update(IMAGE).digest('hex'),
      size: IMAGE.length,
      packageVersionId: versionId,
      timing: 'immediately',
    });
    // An update running: the next is refused with 190611.
    expect((await install(acme, { sn: 'OTA0001', versionId })).code).toBe(ErrorCode.DEVICE_UPDATING);
    const done = await finalAction(acme, rpcId);
    expect(done.state).toBe('success');
    expect((await acme.run(getDeviceCall, { sn: 'OTA0001' })).data?.firmwareVersion).toBe('2.3.5');
    // The download was resumed from where it broke.
    expect(router.state.syslog.some((l) => /download from byte 10000 \(HTTP 206\)/.test(l.message))).toBe(
      true,
    );
    const [last] = await history('OTA0001');
    expect(last).toMatchObject({ rpcId, state: 'success', version: '2.3.5', percent: 100 });
    // Within 15 minutes of it, another install is refused with 120072.
    const again = await firmware({ version: '2.3.7' });
    expect((await install(acme, { sn: 'OTA0001', versionId: again })).code).toBe(ErrorCode.UPDATE_TOO_SOON);
  });

  it('ends failure "fell back to the previous image" when the router comes back on its old version', async () => {
    spaced();
    const versionId = await firmware({ version: '2.3.8' });
    router.behaviour.fallBackOnReboot = true;
    const sent = await install(acme, { sn: 'OTA0001', versionId });
    expect(sent.code).toBe(0);
    const done = await finalAction(acme, sent.data!.action!.rpcId);
    router.behaviour.fallBackOnReboot = false;
    expect(done).toMatchObject({ state: 'failure', error: { code: 0, message: FELL_BACK_MESSAGE } });
    expect((await acme.run(getDeviceCall, { sn: 'OTA0001' })).data?.firmwareVersion).toBe('2.3.5');
    const [last] = await history('OTA0001');
    expect(last).toMatchObject({ state: 'failure', errorCode: 0, errorMessage: FELL_BACK_MESSAGE });
  });

  it('ends failure with the code the router reports (0-16)', async () => {
    spaced();
    const versionId = await firmware({ version: '2.3.9' });
    router.behaviour.failNextUpdateWith = 11;
    const sent = await install(acme, { sn: 'OTA0001', versionId });
    const done = await finalAction(acme, sent.data!.action!.rpcId);
    expect(done).toMatchObject({ state: 'failure', error: { code: 11 } });
  });

  it('"update only" flashes now and reports the version active after the next reboot', async () => {
    spaced();
    const versionId = await firmware({ version: '2.3.10' });
    const sent = await install(acme, { sn: 'OTA0001', versionId, timing: 'updateOnly' });
    const done = await finalAction(acme, sent.data!.action!.rpcId);
    expect(done).toMatchObject({ state: 'success', result: { version: '2.3.10', activeAfterReboot: true } });
    expect((await acme.run(getDeviceCall, { sn: 'OTA0001' })).data?.firmwareVersion).toBe('2.3.5');
  });

  it('ends timeout when the router goes silent past the deadline', async () => {
    spaced();
    const versionId = await firmware({ version: '2.3.11' });
    router.behaviour.hangUpdates = true;
    const sent = await install(acme, { sn: 'OTA0001', versionId });
    const rpcId = sent.data!.action!.rpcId;
    await eventually(async () => (await history('OTA0001'))[0]?.state === 'pending', 10_000, 'pending');
    t.clock.advance(31 * 60_000);
    const done = await finalAction(acme, rpcId);
    router.behaviour.hangUpdates = false;
    expect(done.state).toBe('timeout');
    expect((await history('OTA0001'))[0]).toMatchObject({ rpcId, state: 'timeout' });
  });

  it('schedules an install at a time 15 minutes ahead as a job, sending nothing yet', async () => {
    spaced();
    const versionId = await firmware({ version: '2.3.12' });
    const at = t.clock.now().getTime() + 20 * 60_000;
    const res = await install(acme, { sn: 'OTA0001', versionId, timing: 'at', at });
    expect(res).toMatchObject({ code: 0, data: { action: null, scheduledAt: at } });
    const job = await t.deps.db
      .selectFrom('job')
      .select(['run_at', 'kind'])
      .where('kind', '=', 'deviceSoftware.scheduledInstall')
      .executeTakeFirstOrThrow();
    expect(job.run_at.getTime()).toBe(at);
  });
});
