import type { AddressInfo } from 'node:net';
import {
  activityLogListCall,
  type CallInput,
  cancelRolloutCall,
  createRolloutCall,
  deviceEventsCall,
  deviceEventText,
  ErrorCode,
  type ExportRecord,
  errorMessage,
  exportRolloutDevicesCall,
  FELL_BACK_MESSAGE,
  getDeviceCall,
  getRolloutCall,
  listDeviceRolloutsCall,
  listRolloutDevicesCall,
  listRolloutsCall,
  pauseRolloutCall,
  previewRolloutCall,
  type RolloutDetail,
  type RolloutDevice,
  resumeRolloutCall,
  retryRolloutCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { UPDATE_SPACING_MS } from '../device-software/device-install.service.ts';
import { platformFirmware } from '../device-templates/template-test-kit.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { downloaded, exportBody } from '../exports/export-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { createRolloutEngine, type RolloutEngine } from './rollout-engine.ts';
import { driveRollout } from './rollout-test-kit.ts';

/**
 * Rollouts (issue 14) with real simulated routers: batches one after another, success only on the
 * router's evidence (the hello of the new version, then a telemetry sample with a signal), a batch
 * that goes wrong stopping the rollout by itself, retrying the failed devices, deadlines, the
 * maintenance window on the injected clock, every refusal with its code, and another company seeing
 * nothing. The test takes the engine's steps itself (the sweep job runs the same `advance`).
 */

let fleet: SimulatedFleet;
let t: TestApp;
let engine: RolloutEngine;
let admin: Owner;
let acme: Owner;
let rival: Owner;
let host: string;
const routers: Awaited<ReturnType<SimulatedFleet['connect']>>[] = [];
const SNS = ['RO0001', 'RO0002', 'RO0003', 'RO0004', 'RO0005', 'RO0006'];
const IMAGE = Buffer.from('MEG5000 rollout image '.repeat(2000));

/** A platform firmware version published to Acme. */
const firmware = (version: string) =>
  platformFirmware(t, admin, acme, { version, series: 'meg5000', models: ['MEG5000'] }, IMAGE);

const SETTINGS = {
  plan: { mode: 'size', firstSize: 2, laterSize: 2 },
  successPercent: 100,
  failureLimit: { kind: 'count', value: 0 },
  onFailure: 'halt',
  window: null,
  deviceDeadlineMinutes: 30,
  healthMinutes: 5,
} as const;

function create(who: Owner, input: Partial<CallInput<typeof createRolloutCall>> & { versionId: number }) {
  return who
    .call(
      createRolloutCall.method,
      createRolloutCall.path,
      { name: 'MEG to 2.4', target: { mode: 'devices', sns: SNS }, ...SETTINGS, ...input },
      { language: 'en', host },
    )
    .then((res) => res.body as Awaited<ReturnType<typeof who.run<typeof createRolloutCall>>>);
}

async function detail(id: number): Promise<RolloutDetail> {
  const res = await acme.run(getRolloutCall, { id });
  expect(res.code).toBe(0);
  return res.data!;
}

async function devices(id: number, lang: 'en' | 'cn' = 'en'): Promise<RolloutDevice[]> {
  const res = await acme.call(
    listRolloutDevicesCall.method,
    listRolloutDevicesCall.path,
    { id, pageNum: 1, pageSize: 100 },
    { language: lang },
  );
  return (res.body as { data: { list: RolloutDevice[] } }).data.list;
}

/** Takes the engine's steps until the rollout satisfies `done`. */
const driveUntil = (id: number, done: (d: RolloutDetail) => boolean, what: string) =>
  driveRollout(engine, acme, id, done, what);

/** Past the 15-minute spacing since the routers' last update. */
const spaced = () => t.clock.advance(UPDATE_SPACING_MS + 1000);

beforeAll(async () => {
  // Jobs run when the test says (an export's file): the test takes the engine's steps itself.
  fleet = await startSimulatedFleet({ jobs: 'manual' });
  t = fleet.t;
  engine = createRolloutEngine(t.deps);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const created = await ensureSuperAdmin(t.deps);
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme Rollouts', 'owner@acme-rollouts.test');
  rival = await companyOwner(t, 'Rival Rollouts', 'owner@rival-rollouts.test');
  for (const sn of SNS)
    routers.push(
      await fleet.connect(acme, sn, 'meg5000', 'MEG5000', { transfers: true, rebootSeconds: 100 }),
    );
  await seedDevices(t, acme.companyId, [
    { sn: 'RO-R1520', series: 'r1520', model: 'R1520', firmware: '5.1.0' },
    { sn: 'RO-OFF1', series: 'meg5000', model: 'MEG5000', firmware: '2.3.1' },
    { sn: 'RO-OFF2', series: 'meg5000', model: 'MEG5000', firmware: '2.3.1' },
  ]);
  await putOnLevel(t, acme, [...SNS, 'RO-OFF1', 'RO-OFF2'], 'ESSENTIALS');
}, 180_000);
afterAll(() => fleet?.close());

describe('a rollout with real routers', () => {
  it('goes batch by batch and counts a router only on its new version and a fresh signal report', async () => {
    const versionId = await firmware('2.4.0');
    const preview = await acme.run(previewRolloutCall, {
      versionId,
      target: { mode: 'devices', sns: [...SNS, 'RO-R1520'] },
      plan: SETTINGS.plan,
    });
    expect(preview.data).toEqual({ targeted: 7, fitting: 6, alreadyOnVersion: 0, batchSizes: [2, 2, 2] });
    const res = await create(acme, { versionId });
    expect(res).toMatchObject({ code: 0, data: { state: 'running', counts: { total: 6, waiting: 6 } } });
    const id = res.data!.id;
    // The first step starts the first batch only.
    await engine.advance(id);
    const first = await detail(id);
    expect(first.batches).toHaveLength(1);
    expect(first.batches[0]).toMatchObject({ batch: 1, size: 2 });
    expect(first.counts).toMatchObject({ waiting: 4, running: 2 });
    const done = await driveUntil(id, (d) => d.state === 'completed', 'the rollout to complete');
    expect(done.counts).toMatchObject({ total: 6, success: 6, failure: 0, timeout: 0 });
    expect(done.batches.map((b) => [b.batch, b.size, b.good])).toEqual([
      [1, 2, true],
      [2, 2, true],
      [3, 2, true],
    ]);
    for (const sn of SNS) expect((await acme.run(getDeviceCall, { sn })).data?.firmwareVersion).toBe('2.4.0');
    const list = await devices(id);
    expect(list.every((d) => d.state === 'success' && d.currentVersion === '2.4.0' && d.rpcId)).toBe(true);
    const listed = await acme.run(listRolloutsCall, { pageNum: 1, pageSize: 10, search: '2.4.0' });
    expect(listed.data?.list.map((r) => r.id)).toContain(id);
  }, 120_000);

  it('halts when a router falls back to its old image, says why, and retries only the failed one', async () => {
    spaced();
    const versionId = await firmware('2.4.1');
    routers[1]!.behaviour.fallBackOnReboot = true;
    const id = (await create(acme, { versionId })).data!.id;
    // The limit is 0 failures: the batch stops the rollout as soon as one fails, its other router still running.
    const halted = await driveUntil(id, (d) => d.state === 'halted', 'the rollout to halt');
    expect(halted.stopReason).toBe('Batch 1: 1 of 2 devices failed or timed out, past the limit');
    expect(halted.counts).toMatchObject({ failure: 1, waiting: 4 });
    // The started router finishes; nothing new starts.
    const settled = await driveUntil(id, (d) => d.counts.running === 0, 'the running router to finish');
    expect(settled).toMatchObject({ state: 'halted', counts: { success: 1, failure: 1, waiting: 4 } });
    const failed = (await devices(id)).find((d) => d.sn === SNS[1]);
    expect(failed).toMatchObject({
      state: 'failure',
      reasonCode: 0,
      reason: `Update failed: ${FELL_BACK_MESSAGE}`,
    });
    const cn = (await devices(id, 'cn')).find((d) => d.sn === SNS[1]);
    expect(cn?.reason).toBe(`更新失败: ${FELL_BACK_MESSAGE}`);
    // The device's own page lists the rollout with its end in it, newest first.
    const mine = await acme.run(listDeviceRolloutsCall, { sn: SNS[1]!, pageNum: 1, pageSize: 10 });
    expect(mine.data?.list[0]).toMatchObject({
      id,
      name: 'MEG to 2.4',
      version: '2.4.1',
      rolloutState: 'halted',
      state: 'failure',
      step: 1,
      steps: 1,
      reason: `Update failed: ${FELL_BACK_MESSAGE}`,
    });
    expect(mine.data?.total).toBe(2);
    // The failed devices to .xlsx, as the list shows them, in the reader's language.
    const started = await acme.call<ExportRecord>(
      'POST',
      exportRolloutDevicesCall.path,
      exportBody({ id, states: ['failure'] }, ['sn', 'step', 'state', 'fromVersion', 'reason'], 'rollout'),
      { language: 'cn' },
    );
    expect(started.body).toMatchObject({ code: 0, data: { totalRows: 1 } });
    await runDueJobs(t);
    expect(await downloaded(t, acme, started.body.data!.recordId)).toEqual([
      ['序列号', '步骤', '状态', '原版本', '原因'],
      [SNS[1], '1', '失败', '2.4.0', `更新失败: ${FELL_BACK_MESSAGE}`],
    ]);
    // Halted stays halted: a step starts nothing.
    await engine.advance(id);
    expect((await detail(id)).counts.waiting).toBe(4);
    // Fixed on the router; the failed one goes again in a new batch with the others after it.
    routers[1]!.behaviour.fallBackOnReboot = false;
    spaced();
    const retried = await acme.run(retryRolloutCall, { id });
    expect(retried.data).toMatchObject({
      state: 'running',
      stopReason: null,
      counts: { waiting: 5, failure: 0 },
    });
    const done = await driveUntil(id, (d) => d.state === 'completed', 'the retried rollout to complete');
    expect(done.counts).toMatchObject({ success: 6, failure: 0 });
    expect((await devices(id)).find((d) => d.sn === SNS[1])?.attempts).toBe(2);
    expect((await acme.run(retryRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_NOTHING_TO_RETRY);
    // Every step of the router in this rollout is in its event history, oldest first, in words.
    const events = await acme.run(deviceEventsCall, { sn: SNS[1]!, pageNum: 1, pageSize: 100 });
    const steps = events
      .data!.list.filter((e) => e.type === 'rollout' && (e.data as { rolloutId: number }).rolloutId === id)
      .reverse()
      .map((e) => deviceEventText(e.type, e.data, 'en'));
    // (How many progress states a step sees depends on the router's pace: the ends are what is certain.)
    expect(steps.slice(0, 2)).toEqual([
      'Rollout "MEG to 2.4": added, waiting for its batch',
      'Rollout "MEG to 2.4", batch 1: Pending',
    ]);
    const retriedAt = steps.indexOf('Rollout "MEG to 2.4": queued again to be retried');
    expect(steps[retriedAt - 1]).toBe('Rollout "MEG to 2.4", batch 1: Failure (Update failed)');
    expect(steps[retriedAt + 1]).toBe('Rollout "MEG to 2.4", batch 2: Pending');
    expect(steps.at(-1)).toBe('Rollout "MEG to 2.4", batch 2: Success');
    // The engine's own doings are in the activity log under nobody's name: the batch the router was in
    // on its device's entries, the halt and the end on the company's.
    const log = await acme.run(activityLogListCall, { pageNum: 1, pageSize: 100, object: 'MEG to 2.4' });
    const mineLog = log.data!.list.filter((e) => e.userName === null && e.at >= halted.createdAt);
    expect(mineLog.map((e) => [e.callId, e.object]).reverse()).toEqual([
      ['rollouts.batchStarted', 'rollout=MEG to 2.4, batch=1, devices=2'],
      ['rollouts.stoppedByThreshold', 'rollout=MEG to 2.4, batch=1, failed=1, devices=2, outcome=halted'],
      ['rollouts.batchStarted', 'rollout=MEG to 2.4, batch=2, devices=2'],
      ['rollouts.batchStarted', 'rollout=MEG to 2.4, batch=3, devices=2'],
      ['rollouts.batchStarted', 'rollout=MEG to 2.4, batch=4, devices=1'],
      ['rollouts.completed', 'rollout=MEG to 2.4'],
    ]);
    const ofDevice = await acme.run(activityLogListCall, { pageNum: 1, pageSize: 100, sn: SNS[1]! });
    expect(
      ofDevice
        .data!.list.filter(
          (e) =>
            e.callId === 'rollouts.batchStarted' &&
            e.object?.startsWith('rollout=MEG to 2.4,') &&
            e.at >= halted.createdAt,
        )
        .map((e) => e.object),
    ).toEqual(['rollout=MEG to 2.4, batch=2, devices=2', 'rollout=MEG to 2.4, batch=1, devices=2']);
  }, 120_000);

  it('ends a silent router `timeout` at its deadline and pauses on a percentage limit', async () => {
    spaced();
    const versionId = await firmware('2.4.2');
    routers[0]!.behaviour.hangUpdates = true;
    const id = (
      await create(acme, {
        versionId,
        deviceDeadlineMinutes: 5,
        failureLimit: { kind: 'percent', value: 40 },
        onFailure: 'pause',
        successPercent: 50,
      })
    ).data!.id;
    await driveUntil(id, (d) => d.counts.success === 1 && d.counts.running === 1, 'one success, one hanging');
    t.clock.advance(6 * 60_000);
    const paused = await driveUntil(id, (d) => d.state === 'paused', 'the rollout to pause');
    routers[0]!.behaviour.hangUpdates = false;
    expect(paused.counts).toMatchObject({ success: 1, timeout: 1, waiting: 4 });
    expect(paused.stopReason).toBe('Batch 1: 1 of 2 devices failed or timed out, past the limit');
    expect((await devices(id)).find((d) => d.sn === SNS[0])).toMatchObject({
      state: 'timeout',
      reason: 'No final state within the deadline of 5 minutes',
    });
    // Resuming accepts that batch; the rollout goes on with the next one.
    expect((await acme.run(resumeRolloutCall, { id })).data?.state).toBe('running');
    await engine.advance(id);
    expect((await detail(id)).batches).toHaveLength(2);
    // Cancel: the waiting devices are released, the running ones finish.
    const cancelled = await acme.run(cancelRolloutCall, { id });
    expect(cancelled.data).toMatchObject({ state: 'cancelled', counts: { released: 2, running: 2 } });
    const finished = await driveUntil(id, (d) => d.counts.running === 0, 'the running devices to finish');
    expect(finished).toMatchObject({ state: 'cancelled', counts: { success: 3, timeout: 1, released: 2 } });
  }, 120_000);
});

describe('maintenance window', () => {
  it('starts a batch only inside the window on the device clock, and says how many wait for it', async () => {
    spaced();
    const versionId = await firmware('2.4.3');
    const now = t.clock.now();
    // A window that opens in two hours (UTC) and lasts one.
    const at = (h: number) => {
      const d = new Date(now.getTime() + h * 3_600_000);
      return `${String(d.getUTCHours()).padStart(2, '0')}:00`;
    };
    const window = { start: at(2), end: at(3), timeZone: 'UTC' };
    const id = (
      await create(acme, { versionId, target: { mode: 'devices', sns: ['RO-OFF1', 'RO-OFF2'] }, window })
    ).data!.id;
    await engine.advance(id);
    expect(await detail(id)).toMatchObject({ waitingForWindow: 2, counts: { waiting: 2 }, batches: [] });
    t.clock.advance(2 * 3_600_000);
    await engine.advance(id);
    const inside = await detail(id);
    expect(inside).toMatchObject({ waitingForWindow: 0, counts: { waiting: 0, running: 2 } });
    // Offline routers: their installs wait in the queue until their deadline.
    const cancelled = await acme.run(cancelRolloutCall, { id });
    expect(cancelled.data?.state).toBe('cancelled');
  });
});

describe('refusals', () => {
  it('refuses bad input naming the field, and each state change from the wrong state with its code', async () => {
    const versionId = await firmware('2.4.4');
    const bad = await create(acme, { versionId, plan: { mode: 'size', firstSize: 0, laterSize: 2 } });
    expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(bad.msg).toMatch(/plan\.firstSize/);
    const zone = await create(acme, {
      versionId,
      window: { start: '01:00', end: '02:00', timeZone: 'Mars/Base' },
    });
    expect(zone.msg).toMatch(/window\.timeZone/);
    expect((await create(acme, { versionId: 999_999 })).code).toBe(ErrorCode.APP_PACKAGE_NOT_FOUND);
    const none = await create(acme, { versionId, target: { mode: 'devices', sns: ['RO-R1520'] } });
    expect(none).toMatchObject({
      code: ErrorCode.ROLLOUT_NO_DEVICES,
      msg: errorMessage(ErrorCode.ROLLOUT_NO_DEVICES, 'en'),
    });
    const id = (await create(acme, { versionId, target: { mode: 'devices', sns: ['RO-OFF1'] } })).data!.id;
    expect((await acme.run(resumeRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_NOT_STOPPED);
    expect((await acme.run(pauseRolloutCall, { id })).data?.state).toBe('paused');
    expect((await acme.run(pauseRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_NOT_RUNNING);
    expect((await acme.run(cancelRolloutCall, { id })).data?.state).toBe('cancelled');
    expect((await acme.run(cancelRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_ENDED);
    expect((await acme.run(retryRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_ENDED);
  });

  it('gives another company nothing: not the rollout, not its devices, not a version not published to it', async () => {
    const versionId = await firmware('2.4.5');
    const id = (await create(acme, { versionId, target: { mode: 'devices', sns: ['RO-OFF2'] } })).data!.id;
    expect((await rival.run(getRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_NOT_FOUND);
    expect((await rival.run(listRolloutDevicesCall, { id, pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.ROLLOUT_NOT_FOUND,
    );
    expect((await rival.run(cancelRolloutCall, { id })).code).toBe(ErrorCode.ROLLOUT_NOT_FOUND);
    expect((await rival.run(listDeviceRolloutsCall, { sn: SNS[0]!, pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.DEVICE_NOT_FOUND,
    );
    const exported = await rival.call('POST', exportRolloutDevicesCall.path, exportBody({ id }, ['sn']));
    expect(exported.body).toMatchObject({ code: ErrorCode.ROLLOUT_NOT_FOUND });
    expect((await rival.run(listRolloutsCall, { pageNum: 1, pageSize: 10 })).data?.total).toBe(0);
    // Acme's SNs named by the rival are not the rival's devices; the version is not published to it.
    expect((await create(rival, { versionId, target: { mode: 'devices', sns: SNS } })).code).toBe(
      ErrorCode.APP_PACKAGE_NOT_FOUND,
    );
    await acme.run(cancelRolloutCall, { id });
  });
});
