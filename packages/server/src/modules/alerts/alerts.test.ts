import {
  type AlertRuleInput,
  acknowledgeAlertCall,
  createAlertRuleCall,
  deleteAlertRuleCall,
  ErrorCode,
  groupUnreadAlertSummaryCall,
  listAlertRulesCall,
  listAlertsCall,
  markAlertsReadCall,
  markAllAlertsReadCall,
  setAlertRuleEnabledCall,
  unreadAlertCountCall,
  updateAlertRuleCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeOnSameDatabase, createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { insertTelemetry } from '../devices/device-reports.store.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { eventsAfter } from './event-log.store.ts';

/**
 * Router alert rules and their alerts, through the API with the job queue's sweep and a manual clock:
 * pending, firing, clear with hysteresis, resolved, re-trigger, acknowledgement, read state, missing
 * telemetry, a restart in the middle of a pending period, 800027/800028 and tenancy.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;
const heard: LiveEvent[] = [];
const MIN = 60_000;

const OFFLINE_RULE: AlertRuleInput = {
  name: 'Offline > 2 min',
  level: 'major',
  description: 'Routers that stopped talking',
  targets: { mode: 'devices', sns: ['AL0001', 'AL0002'] },
  conditionMode: 'any',
  conditions: [{ type: 'offline', minutes: 2, clearMinutes: 2 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 1,
  email: { enabled: true, receivers: 'allUsers' },
  enabled: true,
};

const SIGNAL_RULE: AlertRuleInput = {
  name: 'Weak RSRP',
  level: 'minor',
  targets: { mode: 'devices', sns: ['AL0003'] },
  conditionMode: 'any',
  conditions: [{ type: 'signal', metric: 'rsrp', sim: 1, below: -110, clearAbove: -100, clearMinutes: 2 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 3,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
};

/** Moves the clock on and lets the queue run what is due (the 30 s sweep among it). */
async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t);
}

async function setOnline(sn: string, online: boolean) {
  await t.deps.db
    .updateTable('device')
    .set({ online, online_changed_at: t.clock.now(), last_seen_at: t.clock.now() })
    .where('sn', '=', sn)
    .execute();
}

async function rsrp(sn: string, value: number) {
  await insertTelemetry(t.deps.db, [
    { companyId: acme.companyId, sn, at: t.clock.now(), data: { signal: [{ sim: 1, rsrp: value }] } },
  ]);
}

const alertsOf = async (who: Owner, filter: Record<string, unknown> = {}) =>
  (await who.run(listAlertsCall, { pageSize: 50, ...filter })).data?.list ?? [];
const unread = async (who: Owner) => (await who.run(unreadAlertCountCall, {})).data?.total;
/** The state changes the event log holds for a rule and device, in order. */
const changesOf = async (ruleId: number, sn: string) =>
  (await eventsAfter(t.deps.db, acme.companyId, 0, 1000))
    .filter((e) => e.type === 'alert.changed' && e.payload.ruleId === ruleId && e.payload.sn === sn)
    .map((e) => e.payload.state);

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  acme = await companyOwner(t, 'Acme Alerts', 'owner@acme-alerts.test');
  other = await companyOwner(t, 'Other Alerts', 'owner@other-alerts.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'AL0001', name: 'Depot', online: true },
    { sn: 'AL0002', name: 'Kiosk', online: true },
    { sn: 'AL0003', name: 'Bus 7', online: true },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'OT0001', online: false }]);
  t.deps.hub.subscribe((e) => heard.push(e), acme.companyId);
  await runDueJobs(t);
}, 60_000);
let firstNodeStopped = false;
afterAll(async () => {
  if (firstNodeStopped) await t.database.close();
  else await t?.close();
});

describe('alert rules', () => {
  let ruleId = 0;

  it('creates a rule and refuses a second of the same name in any case (800027)', async () => {
    const created = await acme.run(createAlertRuleCall, { ...OFFLINE_RULE, enabled: false });
    expect(created.code).toBe(0);
    ruleId = created.data!.ruleId;
    expect(created.data).toMatchObject({ name: 'Offline > 2 min', level: 'major', enabled: false });
    expect(created.data!.email).toEqual({ enabled: true, receivers: 'allUsers', roleIds: [], userIds: [] });
    const again = await acme.run(createAlertRuleCall, { ...OFFLINE_RULE, name: 'OFFLINE > 2 MIN' });
    expect(again.code).toBe(ErrorCode.ALERT_RULE_NAME_EXISTS);
    // Another company may use the name.
    expect((await other.run(createAlertRuleCall, { ...OFFLINE_RULE, enabled: false })).code).toBe(0);
  });

  it('names the field of bad input (code 1) and saves nothing', async () => {
    const short = await acme.run(createAlertRuleCall, { ...OFFLINE_RULE, name: 'x' });
    expect(short.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(short.msg).toContain('name');
    const inverted = await acme.run(createAlertRuleCall, {
      ...SIGNAL_RULE,
      name: 'Inverted',
      conditions: [
        { type: 'signal', metric: 'rsrp', sim: 1, below: -100, clearAbove: -110, clearMinutes: 1 },
      ],
    });
    expect(inverted.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(inverted.msg).toContain('clearAbove');
    const interval = await acme.run(createAlertRuleCall, {
      ...SIGNAL_RULE,
      name: 'Bad interval',
      triggerInterval: { value: 60, unit: 'minute' },
    });
    expect(interval.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(interval.msg).toContain('triggerInterval');
    const names = (await acme.run(listAlertRulesCall, {})).data?.list.map((r) => r.name);
    expect(names).toEqual(['Offline > 2 min']);
  });

  it('edits and deletes only a disabled rule (800028)', async () => {
    expect((await acme.run(setAlertRuleEnabledCall, { ruleId, enabled: true })).data?.enabled).toBe(true);
    const edit = await acme.run(updateAlertRuleCall, { ...OFFLINE_RULE, ruleId, description: 'changed' });
    expect(edit.code).toBe(ErrorCode.ALERT_MUST_BE_DISABLED);
    expect((await acme.run(deleteAlertRuleCall, { ruleId })).code).toBe(ErrorCode.ALERT_MUST_BE_DISABLED);
    await acme.run(setAlertRuleEnabledCall, { ruleId, enabled: false });
    const edited = await acme.run(updateAlertRuleCall, {
      ...OFFLINE_RULE,
      ruleId,
      enabled: false,
      description: 'changed',
    });
    expect(edited.data?.description).toBe('changed');
    expect((await acme.run(deleteAlertRuleCall, { ruleId })).code).toBe(0);
    expect((await acme.run(listAlertRulesCall, {})).data?.total).toBe(0);
  });
});

describe('offline alerts', () => {
  let ruleId = 0;

  it('goes pending after N minutes offline, fires after the pending period, once per device', async () => {
    ruleId = (await acme.run(createAlertRuleCall, OFFLINE_RULE)).data!.ruleId;
    await setOnline('AL0001', false);
    await after(MIN + 1000);
    expect(await alertsOf(acme)).toEqual([]);
    await after(MIN);
    const [pending] = await alertsOf(acme);
    expect(pending).toMatchObject({ sn: 'AL0001', deviceName: 'Depot', state: 'pending', count: 0 });
    expect(await unread(acme)).toBe(0);
    // Going pending is a change of the event log too (no message is made of it).
    expect(await changesOf(ruleId, 'AL0001')).toEqual(['pending']);
    heard.length = 0;
    await after(MIN);
    const firing = await alertsOf(acme);
    expect(firing).toHaveLength(1);
    expect(firing[0]).toMatchObject({
      sn: 'AL0001',
      state: 'firing',
      count: 1,
      level: 'major',
      ruleName: 'Offline > 2 min',
      description: 'Routers that stopped talking',
      condition: { type: 'offline', minutes: 2 },
      read: false,
    });
    expect(firing[0]?.value).toBe(3);
    expect(await changesOf(ruleId, 'AL0001')).toEqual(['pending', 'firing']);
    expect(heard.some((e) => e.name === 'alerts.changed')).toBe(true);
    // Sweeps while it keeps breaching add nothing: one alert per rule, device and condition.
    await after(MIN);
    await after(MIN);
    expect(await alertsOf(acme)).toHaveLength(1);
    expect((await alertsOf(acme))[0]?.count).toBe(1);
    expect(await unread(acme)).toBe(1);
  });

  it('feeds the dashboard summary with the unread firing alert', async () => {
    const summary = (await acme.run(groupUnreadAlertSummaryCall, {})).data!;
    expect(summary.total).toBe(1);
    expect(summary.groupALertSummaryList[0]).toMatchObject({ major: 1, total: 1 });
    expect((await other.run(groupUnreadAlertSummaryCall, {})).data?.total).toBe(0);
  });

  it('acknowledges a firing alert with who, when and a note', async () => {
    const [alert] = await alertsOf(acme);
    const ack = await acme.run(acknowledgeAlertCall, {
      alertId: alert!.alertId,
      note: 'Power cut at the depot',
    });
    expect(ack.code).toBe(0);
    expect(ack.data?.acknowledged).toEqual({
      by: expect.any(String),
      at: t.clock.now().getTime(),
      note: 'Power cut at the depot',
    });
    expect(ack.data?.state).toBe('firing');
  });

  it('resolves once the device has been online for the clear period, a re-trigger before that counts', async () => {
    await setOnline('AL0001', true);
    await after(MIN);
    expect((await alertsOf(acme))[0]?.state).toBe('firing');
    // Offline again before the clear period ended, long enough to breach: the same alert, count 2.
    await setOnline('AL0001', false);
    await after(2 * MIN + 1000);
    const [again] = await alertsOf(acme);
    expect(again).toMatchObject({ state: 'firing', count: 2 });
    await setOnline('AL0001', true);
    await after(MIN);
    expect((await alertsOf(acme))[0]?.state).toBe('firing');
    await after(MIN);
    const [resolved] = await alertsOf(acme);
    expect(resolved).toMatchObject({ state: 'resolved', count: 2 });
    expect(resolved?.resolvedAt).toBe(t.clock.now().getTime());
    expect(await unread(acme)).toBe(0);
    const late = await acme.run(acknowledgeAlertCall, { alertId: resolved!.alertId, note: '' });
    expect(late.code).toBe(ErrorCode.ALERT_NOT_FIRING);
  });

  it('opens a new alert for a new breach after resolving, and marks read per user', async () => {
    await setOnline('AL0002', false);
    await after(3 * MIN + 1000);
    await after(MIN);
    const firing = await alertsOf(acme, { states: ['firing'] });
    expect(firing.map((a) => a.sn)).toEqual(['AL0002']);
    expect(await unread(acme)).toBe(1);
    const marked = await acme.run(markAlertsReadCall, { alertIds: [firing[0]!.alertId] });
    expect(marked.data?.marked).toBe(1);
    expect(await unread(acme)).toBe(0);
    expect((await acme.run(groupUnreadAlertSummaryCall, {})).data?.total).toBe(0);
    expect(await alertsOf(acme, { read: 'unread' })).toHaveLength(1);
    expect((await acme.run(markAllAlertsReadCall, {})).data?.marked).toBe(1);
    expect(await alertsOf(acme, { read: 'unread' })).toEqual([]);
  });

  it('logs a pending alert going back to normal when the device returns within the pending period', async () => {
    const before = await changesOf(ruleId, 'AL0001');
    await setOnline('AL0001', false);
    await after(2 * MIN + 1000);
    expect(await alertsOf(acme, { states: ['pending'] })).toHaveLength(1);
    await setOnline('AL0001', true);
    await after(30_000);
    expect(await alertsOf(acme, { states: ['pending'] })).toEqual([]);
    expect((await changesOf(ruleId, 'AL0001')).slice(before.length)).toEqual(['pending', 'normal']);
  });

  it('disabling the rule resolves its firing alerts and drops its pending ones, each logged', async () => {
    await setOnline('AL0001', false);
    await after(2 * MIN + 1000);
    expect((await alertsOf(acme, { states: ['pending'] })).map((a) => a.sn)).toEqual(['AL0001']);
    const before = { AL0001: await changesOf(ruleId, 'AL0001'), AL0002: await changesOf(ruleId, 'AL0002') };
    await acme.run(setAlertRuleEnabledCall, { ruleId, enabled: false });
    expect(await alertsOf(acme, { states: ['firing', 'pending'] })).toEqual([]);
    expect((await changesOf(ruleId, 'AL0001')).slice(before.AL0001.length)).toEqual(['normal']);
    expect((await changesOf(ruleId, 'AL0002')).slice(before.AL0002.length)).toEqual(['resolved']);
    await setOnline('AL0001', true);
    await setOnline('AL0002', true);
  });
});

describe('tenancy', () => {
  it("never shows or changes another company's rules and alerts", async () => {
    const mine = await alertsOf(acme);
    expect(mine.length).toBeGreaterThan(0);
    expect(await alertsOf(other)).toEqual([]);
    expect((await other.run(listAlertRulesCall, {})).data?.list.map((r) => r.name)).toEqual([
      'Offline > 2 min',
    ]);
    const acmeRule = (await acme.run(listAlertRulesCall, {})).data!.list[0]!;
    expect((await other.run(deleteAlertRuleCall, { ruleId: acmeRule.ruleId })).code).toBe(
      ErrorCode.ALERT_RULE_NOT_FOUND,
    );
    expect(
      (await other.run(acknowledgeAlertCall, { alertId: mine[0]!.alertId, note: 'not mine' })).code,
    ).toBe(ErrorCode.ALERT_NOT_FOUND);
    expect((await other.run(markAlertsReadCall, { alertIds: mine.map((a) => a.alertId) })).data?.marked).toBe(
      0,
    );
  });
});

describe('signal alerts', () => {
  let ruleId = 0;
  const state = async () => (await alertsOf(acme, { ruleId }))[0];

  it('fires after the pending period of samples below the value, and not on missing telemetry', async () => {
    ruleId = (await acme.run(createAlertRuleCall, SIGNAL_RULE)).data!.ruleId;
    // No telemetry at all: nothing, however long.
    await after(10 * MIN);
    expect(await state()).toBeUndefined();
    await rsrp('AL0003', -115);
    await after(30_000);
    expect(await state()).toMatchObject({ state: 'pending', value: -115 });
    // Telemetry stops in the pending period: it neither fires nor goes back to normal.
    await after(4 * MIN);
    expect((await state())?.state).toBe('pending');
    // Data again, still below: the pending period has passed, so it fires now.
    await rsrp('AL0003', -116);
    await after(30_000);
    expect(await state()).toMatchObject({ state: 'firing', count: 1, value: -116 });
  });

  it('holds between the trigger and the clear value (hysteresis) and while telemetry is missing', async () => {
    for (let i = 0; i < 6; i++) {
      await rsrp('AL0003', -105);
      await after(30_000);
    }
    expect((await state())?.state).toBe('firing');
    // Above the clear value for one minute, then silence: missing telemetry never clears.
    await rsrp('AL0003', -95);
    await after(30_000);
    await rsrp('AL0003', -95);
    await after(30_000);
    await after(10 * MIN);
    expect((await state())?.state).toBe('firing');
  });

  it('resolves after the clear value held for the clear period', async () => {
    for (let i = 0; i < 4; i++) {
      await rsrp('AL0003', -95);
      await after(30_000);
    }
    expect((await state())?.state).toBe('firing');
    await rsrp('AL0003', -94);
    await after(30_000);
    expect(await state()).toMatchObject({ state: 'resolved', count: 1, value: -94 });
  });

  it('resumes a pending period after a restart', async () => {
    await rsrp('AL0003', -120);
    await after(30_000);
    const pending = await alertsOf(acme, { ruleId, states: ['pending'] });
    expect(pending).toHaveLength(1);
    // The node stops; another starts on the same database three minutes later.
    await t.app.close();
    firstNodeStopped = true;
    const second = await createNodeOnSameDatabase(t, { jobs: { manual: true } });
    try {
      t.clock.advance(3 * MIN);
      await rsrp('AL0003', -121);
      t.clock.advance(30_000);
      await rsrp('AL0003', -122);
      await second.deps.jobs!.runOnce();
      await second.deps.jobs!.runOnce();
      // Pending since before the restart: more than three minutes have passed, so it fires.
      const fired = await t.deps.db
        .selectFrom('alert')
        .select(['state', 'pending_since', 'count'])
        .where('id', '=', pending[0]!.alertId)
        .executeTakeFirstOrThrow();
      expect(fired.state).toBe('firing');
      expect(new Date(fired.pending_since).getTime()).toBe(pending[0]!.pendingSince);
    } finally {
      await second.app.close();
    }
  });
});
