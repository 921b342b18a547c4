import {
  deviceNotificationListCall,
  groupUnreadAlertSummaryCall,
  markAllNotificationsReadCall,
  markNotificationsReadCall,
  notificationUnreadCountCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { createNotifier, type Notifier } from './notifier.ts';

let t: TestApp;
let acme: Owner;
let reader: Owner;
let other: Owner;
let notifier: Notifier;
const heard: LiveEvent[] = [];
const MIN = 60_000;
let base: number;

const ids = async (who: Owner, filter: Record<string, unknown> = {}) =>
  (await who.run(deviceNotificationListCall, { pageSize: 50, ...filter })).data?.list.map((n) => n.bizType);
const unread = async (who: Owner) => (await who.run(notificationUnreadCountCall, {})).data?.total;

beforeAll(async () => {
  t = await createTestApp();
  base = t.clock.now().getTime();
  acme = await companyOwner(t, 'Acme Notes', 'owner@acme-notes.test');
  other = await companyOwner(t, 'Other Notes', 'owner@other-notes.test');
  const roles = await defaultRoles(t, acme.companyId);
  const readerId = await addUser(acme, { account: 'viewer@acme-notes.test', roleId: roles.readOnly });
  reader = asOwner(await signIn(t, 'viewer@acme-notes.test'), {
    companyId: acme.companyId,
    userId: readerId,
    account: 'viewer@acme-notes.test',
  });
  await seedDevices(t, acme.companyId, [
    { sn: 'NA0001', name: 'Pump' },
    { sn: 'NA0002', name: 'Gate' },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'NB0001' }]);
  t.deps.hub.subscribe((e) => heard.push(e), acme.companyId);
  notifier = createNotifier({
    db: t.deps.db,
    hub: t.deps.hub,
    clock: t.clock,
    onError: (e) => {
      throw e;
    },
  });
  const c = acme.companyId;
  await notifier.presenceChanged([{ sn: 'NA0001', companyId: c, online: false }], new Date(base));
  await notifier.presenceChanged([{ sn: 'NA0001', companyId: c, online: true }], new Date(base + 5 * MIN));
  // A first connection (no offline told before) is not news.
  await notifier.presenceChanged([{ sn: 'NA0002', companyId: c, online: true }], new Date(base + 5 * MIN));
  const alarm = { name: 'alarm', severity: 'critical', code: 'tempHigh', message: 'CPU at 95 C' } as const;
  await notifier.deviceEvent(c, 'NA0002', alarm, new Date(base + 6 * MIN));
  await notifier.deviceEvent(
    c,
    'NA0002',
    {
      name: 'updateProgress',
      rpcId: 'r1',
      target: 'firmware',
      version: '5.3.1',
      state: 'failure',
      errorCode: 2,
    },
    new Date(base + 7 * MIN),
  );
  await notifier.presenceChanged(
    [{ sn: 'NB0001', companyId: other.companyId, online: false }],
    new Date(base),
  );
});
afterAll(() => t?.close());

describe('device notifications', () => {
  it('lists what happened to the company devices, newest first, in the reader language', async () => {
    const en = await acme.run(deviceNotificationListCall, { pageNum: 1, pageSize: 10 });
    expect(en.code).toBe(0);
    expect(en.data?.total).toBe(4);
    expect(en.data?.list.map((n) => [n.sn, n.bizType, n.severity, n.checked])).toEqual([
      ['NA0002', 'updateFailed', 'major', false],
      ['NA0002', 'alert', 'critical', false],
      ['NA0001', 'deviceOnline', 'notice', false],
      ['NA0001', 'deviceOffline', 'major', false],
    ]);
    expect(en.data?.list[0]).toMatchObject({
      deviceName: 'Gate',
      content: 'Firmware update to 5.3.1 failed: Download failed',
      at: base + 7 * MIN,
    });
    expect(en.data?.list[2]?.content).toBe('The device is back online after 5 min offline.');
    const cn = await acme.run(deviceNotificationListCall, { pageNum: 1, pageSize: 10 }, 'cn');
    expect(cn.data?.list[1]?.content).toBe('tempHigh：CPU at 95 C');
    // The open console heard each batch.
    expect(heard.filter((e) => e.name === 'notifications.new').map((e) => e.data)).toHaveLength(4);
  });

  it('filters by kind, severity, SN (any case), read state and time', async () => {
    expect(await ids(acme, { bizTypes: ['alert', 'deviceOffline'] })).toEqual(['alert', 'deviceOffline']);
    expect(await ids(acme, { severities: ['major'] })).toEqual(['updateFailed', 'deviceOffline']);
    expect(await ids(acme, { sn: 'na0001' })).toEqual(['deviceOnline', 'deviceOffline']);
    expect(await ids(acme, { startTime: base + MIN, endTime: base + 6 * MIN })).toEqual([
      'alert',
      'deviceOnline',
    ]);
    expect(await ids(acme, { read: 'read' })).toEqual([]);
    const refused = await acme.run(deviceNotificationListCall, { pageSize: 10, colour: 'red' } as never);
    expect(refused.code).toBe(1);
  });

  it("keeps another company's notifications invisible and unmarkable", async () => {
    const theirs = (await other.run(deviceNotificationListCall, { pageSize: 10 })).data?.list ?? [];
    expect(theirs.map((n) => n.sn)).toEqual(['NB0001']);
    const theirId = theirs[0]?.id as number;
    expect((await acme.run(markNotificationsReadCall, { ids: [theirId] })).data).toEqual({ marked: 0 });
    expect(await ids(acme, { sn: 'NB0001' })).toEqual([]);
    expect(await unread(other)).toBe(1);
    const rows = await t.deps.db.selectFrom('device_notification_read').selectAll().execute();
    expect(rows.filter((r) => Number(r.notification_id) === theirId)).toEqual([]);
  });

  it('keeps the read state per user, and the unread alert summary follows it', async () => {
    const list = (await acme.run(deviceNotificationListCall, { pageSize: 10, bizTypes: ['alert'] })).data
      ?.list;
    const alertId = list?.[0]?.id as number;
    const summary = async (who: Owner) => (await who.run(groupUnreadAlertSummaryCall, {})).data;
    expect(await summary(acme)).toMatchObject({ total: 1, groupALertSummaryList: [{ critical: 1 }] });

    // The read-only user may mark read too: it changes only their own state.
    expect((await reader.run(markNotificationsReadCall, { ids: [alertId] })).data).toEqual({ marked: 1 });
    expect((await reader.run(markNotificationsReadCall, { ids: [alertId] })).data).toEqual({ marked: 0 });
    expect(await unread(reader)).toBe(3);
    expect(await unread(acme)).toBe(4);
    expect(await summary(reader)).toEqual({ groupALertSummaryList: [], total: 0 });
    expect(await summary(acme)).toMatchObject({ total: 1 });
    expect(await ids(reader, { read: 'read' })).toEqual(['alert']);
    expect(await ids(reader, { read: 'unread' })).toEqual(['updateFailed', 'deviceOnline', 'deviceOffline']);
    const byReader = await reader.run(notificationUnreadCountCall, {});
    expect(byReader.data?.bySeverity).toEqual({ critical: 0, major: 2, minor: 0, notice: 1 });
  });

  it('marks all read up to what the user saw; a later one stays unread', async () => {
    const newest = (await acme.run(deviceNotificationListCall, { pageSize: 1 })).data?.list[0]?.id as number;
    await notifier.presenceChanged(
      [{ sn: 'NA0002', companyId: acme.companyId, online: false }],
      new Date(base + 8 * MIN),
    );
    const res = await acme.run(markAllNotificationsReadCall, { upToId: newest });
    expect(res.data).toEqual({ marked: 4 });
    expect(await ids(acme, { read: 'unread' })).toEqual(['deviceOffline']);
    expect(await unread(acme)).toBe(1);
    // Someone else's state is untouched.
    expect(await unread(reader)).toBe(4);
    expect((await acme.run(markAllNotificationsReadCall, {})).data).toEqual({ marked: 1 });
    expect(await unread(acme)).toBe(0);
    const list = (await acme.run(deviceNotificationListCall, { pageSize: 10 })).data?.list ?? [];
    expect(list.every((n) => n.checked)).toBe(true);
  });
});

describe('a short blip offline (issue 12)', () => {
  it('is told in seconds, not as "1 min", in both languages', async () => {
    const blip = await companyOwner(t, 'Blip Works', 'owner@blip.example');
    await seedDevices(t, blip.companyId, [{ sn: 'NC0001', name: 'Blip' }]);
    const at = base + 60 * MIN;
    await notifier.presenceChanged(
      [{ sn: 'NC0001', companyId: blip.companyId, online: false }],
      new Date(at),
    );
    await notifier.presenceChanged(
      [{ sn: 'NC0001', companyId: blip.companyId, online: true }],
      new Date(at + 45_000),
    );
    const en = await blip.run(deviceNotificationListCall, { bizTypes: ['deviceOnline'] });
    expect(en.data?.list[0]?.content).toBe('The device is back online after 45 s offline.');
    const cn = await blip.run(deviceNotificationListCall, { bizTypes: ['deviceOnline'] }, 'cn');
    expect(cn.data?.list[0]?.content).toBe('设备离线45秒后恢复在线。');
  });
});
