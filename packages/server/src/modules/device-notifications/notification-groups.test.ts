import {
  deviceNotificationListCall,
  markNotificationsReadCall,
  notificationUnreadCountCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { LiveEvent } from '../../platform/live/hub.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { createNotifier, type Notifier } from './notifier.ts';

let t: TestApp;
let fleet: Owner;
let small: Owner;
let notifier: Notifier;
const heard: LiveEvent[] = [];
const sns = Array.from({ length: 60 }, (_, i) => `GR${String(i + 1).padStart(4, '0')}`);
let base: number;

const list = async (who: Owner, filter: Record<string, unknown> = {}, lang: 'en' | 'cn' = 'en') =>
  (await who.run(deviceNotificationListCall, { pageSize: 100, ...filter }, lang)).data;
const unread = async (who: Owner) => (await who.run(notificationUnreadCountCall, {})).data?.total;
const presence = (who: Owner, some: string[], online: boolean, at: number) =>
  notifier.presenceChanged(
    some.map((sn) => ({ sn, companyId: who.companyId, online })),
    new Date(at),
  );

beforeAll(async () => {
  t = await createTestApp();
  base = t.clock.now().getTime();
  fleet = await companyOwner(t, 'Grouped Fleet', 'owner@grouped.test');
  small = await companyOwner(t, 'Small Fleet', 'owner@small-group.test');
  await seedDevices(
    t,
    fleet.companyId,
    sns.map((sn) => ({ sn })),
  );
  await seedDevices(t, small.companyId, [{ sn: 'GS0001' }, { sn: 'GS0002' }]);
  t.deps.hub.subscribe((e) => heard.push(e), fleet.companyId);
  notifier = createNotifier({
    db: t.deps.db,
    hub: t.deps.hub,
    clock: t.clock,
    onError: (e) => {
      throw e;
    },
  });
});
afterAll(() => t?.close());

describe('many devices going offline at once (issue 12)', () => {
  it('makes one grouped notification, not one row per device', async () => {
    // 50 routers drop; presence settles them in batches a few seconds apart.
    await presence(fleet, sns.slice(0, 30), false, base);
    await presence(fleet, sns.slice(30, 50), false, base + 4_000);
    const page = await list(fleet);
    expect(page?.total).toBe(1);
    expect(page?.list[0]).toMatchObject({
      sn: '',
      bizType: 'devicesOffline',
      severity: 'major',
      content: '50 devices went offline',
      extend: { count: 50 },
      checked: false,
    });
    expect((await list(fleet, {}, 'cn'))?.list[0]?.content).toBe('50 台设备离线');
    expect(await unread(fleet)).toBe(1);
    // The open console heard one message per batch: a new group, then a group that grew.
    const told = heard
      .filter((e) => e.name === 'notifications.new')
      .map((e) => (e.data as { count: number }).count);
    expect(told).toEqual([1, 0]);
  });

  it('expands to its members, and each device keeps its own entry', async () => {
    const groupId = (await list(fleet))?.list[0]?.id as number;
    const members = await list(fleet, { groupId });
    expect(members?.total).toBe(50);
    expect(new Set(members?.list.map((n) => n.sn))).toEqual(new Set(sns.slice(0, 50)));
    expect(members?.list.every((n) => n.bizType === 'deviceOffline')).toBe(true);
    const own = await list(fleet, { sn: 'GR0007' });
    expect(own?.list.map((n) => [n.sn, n.bizType])).toEqual([['GR0007', 'deviceOffline']]);
  });

  it('reads the group and its members in one mark', async () => {
    const groupId = (await list(fleet))?.list[0]?.id as number;
    expect((await fleet.run(markNotificationsReadCall, { ids: [groupId] })).data).toEqual({ marked: 1 });
    expect(await unread(fleet)).toBe(0);
    expect((await list(fleet, { sn: 'GR0007' }))?.list[0]?.checked).toBe(true);
  });

  it('groups the return too; a lone drop after the window is told on its own', async () => {
    await presence(fleet, sns.slice(0, 50), true, base + 10 * 60_000);
    await presence(fleet, ['GR0055'], false, base + 20 * 60_000);
    const page = await list(fleet);
    expect(page?.list.map((n) => [n.bizType, n.content])).toEqual([
      ['deviceOffline', 'The device went offline.'],
      ['devicesOnline', '50 devices are back online'],
      ['devicesOffline', '50 devices went offline'],
    ]);
    expect(await unread(fleet)).toBe(2);
  });

  it('leaves two devices of a small company as two rows', async () => {
    await presence(small, ['GS0001', 'GS0002'], false, base);
    const page = await list(small);
    expect(page?.list.map((n) => [n.sn, n.bizType])).toEqual([
      ['GS0002', 'deviceOffline'],
      ['GS0001', 'deviceOffline'],
    ]);
  });
});
