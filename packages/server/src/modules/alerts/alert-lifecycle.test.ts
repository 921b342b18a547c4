import {
  type AlertRuleInput,
  createAlertRuleCall,
  createAlertSilenceCall,
  createGroupCall,
  createTagCall,
  deleteAlertSilenceCall,
  ErrorCode,
  listAlertSilencesCall,
  listAlertsCall,
  moveDevicesCall,
  setAlertRuleEnabledCall,
  tagDevicesCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeOnSameDatabase, createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { appendEvent, eventsAfter } from './event-log.store.ts';

/**
 * The alert lifecycle's messages through the API, the 30 s sweep and a manual clock: flapping (one
 * message, quiet until stable), grouping of a rule's firings within 30 s, silences (the alert changes,
 * no message), and the event log written in the change's transaction.
 */

let t: TestApp;
let acme: Owner;
let other: Owner;
const SEC = 1000;
const MIN = 60 * SEC;

const rule = (name: string, sns: string[]): AlertRuleInput => ({
  name,
  level: 'major',
  targets: { mode: 'devices', sns },
  conditionMode: 'any',
  conditions: [{ type: 'offline', minutes: 1, clearMinutes: 0 }],
  triggerVolume: 1,
  triggerInterval: { value: 1, unit: 'minute' },
  pendingMinutes: 0,
  email: { enabled: false, receivers: 'allUsers' },
  enabled: true,
});

async function after(ms: number) {
  t.clock.advance(ms);
  await runDueJobs(t);
}

async function setOnline(sns: string[], online: boolean) {
  await t.deps.db
    .updateTable('device')
    .set({ online, online_changed_at: t.clock.now(), last_seen_at: t.clock.now() })
    .where('sn', 'in', sns)
    .execute();
}

/** Events of the company about one rule, in cursor order. */
async function eventsOf(companyId: number, ruleId: number) {
  return (await eventsAfter(t.deps.db, companyId, 0, 1000)).filter((e) => e.payload.ruleId === ruleId);
}
const messages = async (companyId: number, ruleId: number) =>
  (await eventsOf(companyId, ruleId)).filter((e) => e.type !== 'alert.changed');
const devicesOf = (e: { payload: Record<string, unknown> }) =>
  (e.payload.devices as { sn: string }[]).map((d) => d.sn);

async function addRule(who: Owner, input: AlertRuleInput) {
  const created = await who.run(createAlertRuleCall, input);
  expect(created.code).toBe(0);
  return created.data!.ruleId;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  acme = await companyOwner(t, 'Acme Lifecycle', 'owner@acme-lifecycle.test');
  other = await companyOwner(t, 'Other Lifecycle', 'owner@other-lifecycle.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'FL0001', name: 'Flappy', online: true },
    { sn: 'GR0001', name: 'Gate A', online: true },
    { sn: 'GR0002', name: 'Gate B', online: true },
    { sn: 'GR0003', name: 'Gate C', online: true },
    { sn: 'SL0001', name: 'Quiet', online: true },
    { sn: 'SL0002', name: 'Weekly', online: true },
    { sn: 'YD0001', name: 'Yard crane', online: true },
    { sn: 'YD0002', name: 'Yard gate', online: true },
    { sn: 'ND0001', name: 'Pump 1', online: true },
    { sn: 'ND0002', name: 'Pump 2', online: true },
    { sn: 'TG0001', name: 'Moved in later', online: true },
    { sn: 'TG0002', name: 'Tagged later', online: true },
    { sn: 'TG0003', name: 'Neither', online: true },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'OT0009', online: true }]);
  await runDueJobs(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('grouping', () => {
  it('makes one message of the firings of a rule within 30 s, naming every device', async () => {
    const ruleId = await addRule(acme, rule('Gates offline', ['GR0001', 'GR0002', 'GR0003']));
    await setOnline(['GR0001', 'GR0002'], false);
    await after(30 * SEC);
    await setOnline(['GR0003'], false);
    await after(30 * SEC); // GR0001 and GR0002 fire: the group opens
    expect(await messages(acme.companyId, ruleId)).toEqual([]);
    await after(30 * SEC); // GR0003 fires within 30 s: the group closes with it
    const sent = await messages(acme.companyId, ruleId);
    expect(sent.map((e) => e.type)).toEqual(['alert.firing']);
    expect(devicesOf(sent[0]!).sort()).toEqual(['GR0001', 'GR0002', 'GR0003']);
    expect((sent[0]!.payload.devices as { name: string }[]).map((d) => d.name).sort()).toEqual([
      'Gate A',
      'Gate B',
      'Gate C',
    ]);
    // Each state change is its own event.
    const changed = (await eventsOf(acme.companyId, ruleId)).filter((e) => e.type === 'alert.changed');
    expect(changed.map((e) => e.payload.sn).sort()).toEqual(['GR0001', 'GR0002', 'GR0003']);
    await after(30 * SEC);
    expect(await messages(acme.companyId, ruleId)).toHaveLength(1);
    // Back online together: one resolution message.
    await setOnline(['GR0001', 'GR0002', 'GR0003'], true);
    await after(30 * SEC);
    await after(30 * SEC);
    const all = await messages(acme.companyId, ruleId);
    expect(all.map((e) => e.type)).toEqual(['alert.firing', 'alert.resolved']);
    expect(devicesOf(all[1]!).sort()).toEqual(['GR0001', 'GR0002', 'GR0003']);
  });
});

describe('flapping', () => {
  it('marks a device flapping at its fifth change in 30 min: one message, then quiet until stable', async () => {
    const ruleId = await addRule(acme, rule('Flappy offline', ['FL0001']));
    for (let cycle = 0; cycle < 4; cycle++) {
      await setOnline(['FL0001'], false);
      await after(MIN); // fires
      await setOnline(['FL0001'], true);
      await after(30 * SEC); // resolves (and the firing's group goes out)
    }
    await after(30 * SEC);
    const sent = await messages(acme.companyId, ruleId);
    // Changes 1-4 as grouped messages, the fifth the flapping notice, then nothing for 6-8.
    expect(sent.map((e) => e.type)).toEqual([
      'alert.firing',
      'alert.resolved',
      'alert.firing',
      'alert.resolved',
      'alert.flapping',
    ]);
    expect(devicesOf(sent[4]!)).toEqual(['FL0001']);
    // Every change is still in the log, and the alert centre shows each alert.
    const changed = (await eventsOf(acme.companyId, ruleId)).filter((e) => e.type === 'alert.changed');
    expect(changed.map((e) => e.payload.state)).toEqual([
      'firing',
      'resolved',
      'firing',
      'resolved',
      'firing',
      'resolved',
      'firing',
      'resolved',
    ]);
    const listed = (await acme.run(listAlertsCall, { ruleId, pageSize: 50 })).data;
    expect(listed?.total).toBe(4);
    // Each row carries the marker, and the list filters on it.
    expect(listed?.list.every((a) => a.flapping)).toBe(true);
    expect((await acme.run(listAlertsCall, { ruleId, flapping: true })).data?.total).toBe(4);
    expect((await acme.run(listAlertsCall, { ruleId, flapping: false })).data?.total).toBe(0);
    // Stable for 30 min: the next change sends a message again.
    await after(30 * MIN);
    await setOnline(['FL0001'], false);
    await after(MIN);
    await after(30 * SEC);
    const later = await messages(acme.companyId, ruleId);
    expect(later.map((e) => e.type).slice(5)).toEqual(['alert.firing']);
  });
});

describe('targets', () => {
  it('are kept as a query: a device moved into the group or tagged after the rule was saved counts', async () => {
    const group = await acme.run(createGroupCall, { groupName: 'Later group' });
    const tag = await acme.run(createTagCall, { tagName: 'later' });
    expect([group.code, tag.code]).toEqual([0, 0]);
    const byGroup = await addRule(acme, {
      ...rule('Group offline', ['TG0001']),
      targets: { mode: 'groups', groupIds: [group.data!.groupId] },
    });
    const byTag = await addRule(acme, {
      ...rule('Tag offline', ['TG0002']),
      targets: { mode: 'tags', tagIds: [tag.data!.tagId] },
    });
    const everyDevice = await addRule(acme, { ...rule('Any offline', ['TG0003']), targets: { mode: 'all' } });
    // Members join after the rules were saved.
    expect((await acme.run(moveDevicesCall, { sns: ['TG0001'], groupId: group.data!.groupId })).code).toBe(0);
    expect((await acme.run(tagDevicesCall, { sns: ['TG0002'], add: ['later'], remove: [] })).code).toBe(0);
    await setOnline(['TG0001', 'TG0002', 'TG0003'], false);
    await setOnline(['OT0009'], false);
    await after(MIN);
    await after(30 * SEC);
    const sns = async (ruleId: number) =>
      ((await acme.run(listAlertsCall, { ruleId, states: ['firing'], pageSize: 50 })).data?.list ?? [])
        .map((a) => a.sn)
        .sort();
    expect(await sns(byGroup)).toEqual(['TG0001']);
    expect(await sns(byTag)).toEqual(['TG0002']);
    const all = await sns(everyDevice);
    expect(all).toEqual(expect.arrayContaining(['TG0001', 'TG0002', 'TG0003']));
    expect(all).not.toContain('OT0009');
    for (const ruleId of [byGroup, byTag, everyDevice])
      await acme.run(setAlertRuleEnabledCall, { ruleId, enabled: false });
    await setOnline(['TG0001', 'TG0002', 'TG0003', 'OT0009'], true);
  });
});

describe('two nodes on one database', () => {
  it('runs each timer once: a pending period started on one node fires on the other, one alert and one message', async () => {
    const second = await createNodeOnSameDatabase(t, { jobs: { manual: true } });
    try {
      const bothNodes = async (ms: number) => {
        t.clock.advance(ms);
        for (let round = 0; round < 10; round++) {
          const [a, b] = await Promise.all([t.deps.jobs!.runOnce(), second.deps.jobs!.runOnce()]);
          if (a + b === 0) return;
        }
      };
      const ruleId = await addRule(acme, {
        ...rule('Pumps offline', ['ND0001', 'ND0002']),
        pendingMinutes: 1,
      });
      await setOnline(['ND0001', 'ND0002'], false);
      await bothNodes(MIN);
      await bothNodes(30 * SEC);
      const pending = (await acme.run(listAlertsCall, { ruleId, pageSize: 50 })).data?.list ?? [];
      expect(pending.map((a) => [a.sn, a.state]).sort()).toEqual([
        ['ND0001', 'pending'],
        ['ND0002', 'pending'],
      ]);
      // The first node stops sweeping; the second alone finds the pending period over.
      t.clock.advance(MIN);
      for (let round = 0; round < 10; round++) if ((await second.deps.jobs!.runOnce()) === 0) break;
      await bothNodes(30 * SEC);
      await bothNodes(30 * SEC);
      const firing = (await acme.run(listAlertsCall, { ruleId, pageSize: 50 })).data?.list ?? [];
      expect(firing.map((a) => [a.sn, a.state, a.count]).sort()).toEqual([
        ['ND0001', 'firing', 1],
        ['ND0002', 'firing', 1],
      ]);
      expect(firing.map((a) => a.pendingSince)).toEqual(pending.map((a) => a.pendingSince));
      // Each change (going pending, then firing) logged once, whichever node made it, and one grouped
      // message.
      const changed = (await eventsOf(acme.companyId, ruleId)).filter((e) => e.type === 'alert.changed');
      expect(changed.map((e) => `${e.payload.sn} ${e.payload.state}`).sort()).toEqual([
        'ND0001 firing',
        'ND0001 pending',
        'ND0002 firing',
        'ND0002 pending',
      ]);
      const sent = await messages(acme.companyId, ruleId);
      expect(sent.map((e) => [e.type, devicesOf(e).sort()])).toEqual([
        ['alert.firing', ['ND0001', 'ND0002']],
      ]);
      await setOnline(['ND0001', 'ND0002'], true);
      await acme.run(setAlertRuleEnabledCall, { ruleId, enabled: false });
    } finally {
      await second.app.close();
    }
  }, 60_000);
});

describe('silences', () => {
  it('refuses bad windows naming the field, unknown or foreign targets (800042) and foreign removals (800041)', async () => {
    const now = t.clock.now().getTime();
    const noEnd = await acme.run(createAlertSilenceCall, {
      target: { kind: 'device', sn: 'SL0001' },
      repeat: 'once',
      startsAt: now,
    });
    expect(noEnd.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(noEnd.msg).toContain('endsAt');
    const noDays = await acme.run(createAlertSilenceCall, {
      target: { kind: 'device', sn: 'SL0001' },
      repeat: 'weekly',
      startMinute: 0,
      endMinute: 60,
    });
    expect(noDays.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(noDays.msg).toContain('weekdays');
    const foreign = await acme.run(createAlertSilenceCall, {
      target: { kind: 'device', sn: 'OT0009' },
      repeat: 'once',
      startsAt: now,
      endsAt: now + MIN,
    });
    expect(foreign.code).toBe(ErrorCode.ALERT_SILENCE_TARGET_UNKNOWN);
    const theirs = await other.run(createAlertSilenceCall, {
      target: { kind: 'device', sn: 'OT0009' },
      repeat: 'once',
      startsAt: now,
      endsAt: now + MIN,
    });
    expect(theirs.code).toBe(0);
    const removal = await acme.run(deleteAlertSilenceCall, { silenceId: theirs.data!.silenceId });
    expect(removal.code).toBe(ErrorCode.ALERT_SILENCE_NOT_FOUND);
    expect((await acme.run(listAlertSilencesCall, {})).data?.list).toEqual([]);
    expect((await other.run(listAlertSilencesCall, {})).data?.list).toHaveLength(1);
  });

  it('a silenced alert still fires and resolves but sends no message; removed, messages come again', async () => {
    const now = t.clock.now();
    const ruleId = await addRule(acme, rule('Quiet offline', ['SL0001', 'SL0002']));
    const once = await acme.run(createAlertSilenceCall, {
      target: { kind: 'device', sn: 'SL0001' },
      repeat: 'once',
      startsAt: now.getTime() - MIN,
      endsAt: now.getTime() + 2 * 60 * MIN,
      note: 'Maintenance',
    });
    expect(once.code).toBe(0);
    expect(once.data).toMatchObject({ targetName: 'Quiet', active: true, note: 'Maintenance' });
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const weekly = await acme.run(createAlertSilenceCall, {
      target: { kind: 'rule', ruleId },
      repeat: 'weekly',
      weekdays: [now.getUTCDay()],
      startMinute: Math.min(minute, 1400),
      endMinute: Math.min(1440, minute + 30),
    });
    expect(weekly.code).toBe(0);
    expect(weekly.data).toMatchObject({ targetName: 'Quiet offline', active: true });

    await setOnline(['SL0001', 'SL0002'], false);
    await after(MIN);
    await after(30 * SEC);
    const alerts = (await acme.run(listAlertsCall, { ruleId, pageSize: 50 })).data?.list ?? [];
    expect(alerts.map((a) => [a.sn, a.state]).sort()).toEqual([
      ['SL0001', 'firing'],
      ['SL0002', 'firing'],
    ]);
    expect(await messages(acme.companyId, ruleId)).toEqual([]);
    expect((await eventsOf(acme.companyId, ruleId)).map((e) => e.type)).toEqual([
      'alert.changed',
      'alert.changed',
    ]);

    // The rule's weekly silence removed: SL0002 (not silenced itself) resolves with a message, SL0001
    // (still in its one-off silence) without.
    expect((await acme.run(deleteAlertSilenceCall, { silenceId: weekly.data!.silenceId })).code).toBe(0);
    await setOnline(['SL0001', 'SL0002'], true);
    await after(30 * SEC);
    await after(30 * SEC);
    const sent = await messages(acme.companyId, ruleId);
    expect(sent.map((e) => [e.type, devicesOf(e)])).toEqual([['alert.resolved', ['SL0002']]]);
    expect((await acme.run(listAlertSilencesCall, {})).data?.list.map((s) => s.silenceId)).toEqual([
      once.data!.silenceId,
    ]);
  });

  it('logs the resolutions of disabling a rule, in the same transaction, without a message', async () => {
    const ruleId = await addRule(acme, rule('Disabled offline', ['SL0002']));
    await setOnline(['SL0002'], false);
    await after(MIN);
    await after(30 * SEC);
    expect((await messages(acme.companyId, ruleId)).map((e) => e.type)).toEqual(['alert.firing']);
    expect((await acme.run(setAlertRuleEnabledCall, { ruleId, enabled: false })).code).toBe(0);
    const changed = (await eventsOf(acme.companyId, ruleId)).filter((e) => e.type === 'alert.changed');
    expect(changed.map((e) => [e.payload.state, e.payload.reason])).toEqual([
      ['firing', undefined],
      ['resolved', 'ruleDisabled'],
    ]);
    await after(30 * SEC);
    expect((await messages(acme.companyId, ruleId)).map((e) => e.type)).toEqual(['alert.firing']);
    await setOnline(['SL0002'], true);
  });
  it("silences a group's devices, its subgroups' too, in a weekly UTC window of today only", async () => {
    const yard = await acme.run(createGroupCall, { groupName: 'Yard' });
    expect(yard.code).toBe(0);
    const cranes = await acme.run(createGroupCall, { groupName: 'Cranes', parentId: yard.data!.groupId });
    expect(cranes.code).toBe(0);
    // YD0001 sits in Yard's subgroup; YD0002 in no group of Yard.
    await t.deps.db
      .updateTable('device')
      .set({ group_id: cranes.data!.groupId })
      .where('sn', '=', 'YD0001')
      .execute();
    const ruleId = await addRule(acme, rule('Yard offline', ['YD0001', 'YD0002']));
    const now = t.clock.now();
    const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
    const window = { startMinute: Math.min(minute, 1400), endMinute: Math.min(1440, minute + 30) };
    const otherDay = await acme.run(createAlertSilenceCall, {
      target: { kind: 'group', groupId: yard.data!.groupId },
      repeat: 'weekly',
      weekdays: [(now.getUTCDay() + 1) % 7],
      ...window,
    });
    expect(otherDay.code).toBe(0);
    expect(otherDay.data).toMatchObject({ targetName: 'Yard', active: false });
    const today = await acme.run(createAlertSilenceCall, {
      target: { kind: 'group', groupId: yard.data!.groupId },
      repeat: 'weekly',
      weekdays: [now.getUTCDay()],
      ...window,
    });
    expect(today.code).toBe(0);
    expect(today.data).toMatchObject({ targetName: 'Yard', active: true });

    await setOnline(['YD0001', 'YD0002'], false);
    await after(MIN);
    await after(30 * SEC);
    await after(30 * SEC);
    const alerts = (await acme.run(listAlertsCall, { ruleId, pageSize: 50 })).data?.list ?? [];
    expect(alerts.map((a) => [a.sn, a.state]).sort()).toEqual([
      ['YD0001', 'firing'],
      ['YD0002', 'firing'],
    ]);
    // Only the device outside the group is in a message.
    const sent = await messages(acme.companyId, ruleId);
    expect(sent.map((e) => [e.type, devicesOf(e)])).toEqual([['alert.firing', ['YD0002']]]);
    await setOnline(['YD0001', 'YD0002'], true);
  });
});

describe('event log', () => {
  it('an event exists only with its change: rolled back together, the cursor rising by one', async () => {
    const before = await eventsAfter(t.deps.db, other.companyId, 0, 1000);
    const last = before.at(-1)?.cursor ?? 0;
    await expect(
      inTransaction(t.deps.db, async (tx) => {
        await appendEvent(tx, other.companyId, 'alert.changed', { probe: 1 }, t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsAfter(t.deps.db, other.companyId, last, 10)).toEqual([]);
    const cursor = await inTransaction(t.deps.db, (tx) =>
      appendEvent(tx, other.companyId, 'alert.changed', { probe: 2 }, t.clock.now()),
    );
    expect(cursor).toBe(last + 1);
    const after1 = await eventsAfter(t.deps.db, other.companyId, last, 10);
    expect(after1.map((e) => e.payload)).toEqual([{ probe: 2 }]);
    // Each company's cursor is its own (1, 2, 3 ... without gaps), and no other company's event shows.
    const acmeEvents = await eventsAfter(t.deps.db, acme.companyId, 0, 1000);
    expect(acmeEvents.map((e) => e.cursor)).toEqual(acmeEvents.map((_, i) => i + 1));
    expect(acmeEvents.some((e) => e.payload.probe !== undefined)).toBe(false);
  });

  it('keeps events 30 days (the hourly retention job)', async () => {
    const all = async () => eventsAfter(t.deps.db, acme.companyId, 0, 10_000);
    const before = await all();
    expect(before.length).toBeGreaterThan(0);
    await after(31 * 24 * 60 * MIN);
    await after(60 * MIN);
    // What is left is what the sweeps wrote since (devices still changing), none older than 30 days,
    // and the cursor goes on from the last one: never reused.
    const left = await all();
    const cutoff = t.clock.now().getTime() - 30 * 24 * 60 * MIN;
    expect(left.every((e) => e.createdAt.getTime() >= cutoff)).toBe(true);
    expect(left.every((e) => e.cursor > before.at(-1)!.cursor)).toBe(true);
  });
});
