import {
  addVpnGroupDevicesCall,
  createVpnGroupCall,
  deviceNotificationListCall,
  ErrorCode,
  getVpnGroupUsageCall,
  grantDataCall,
  saveMailServerCall,
  type TelemetryMessage,
  updateVpnGroupCall,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn, startTestSmtp, type TestSmtp } from '../../../test/accounts.ts';
import { createTestApp, runDueJobs, type TestApp } from '../../../test/helpers.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { recordVpnUsage } from '../data-pool/vpn-usage.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { operationKey, putOnLevel } from '../licences/licence-test-kit.ts';
import { recordMemberStatus } from './hub-status.ts';
import { tellLimitCrossing } from './limit-notices.ts';
import * as store from './vpn.store.ts';

/**
 * The data limit warnings through the API with the injected clock (issue 17): 80 % and 100 % of a
 * group's limit are each told once per cycle, as a console notification and, through the notification
 * area's e-mail channel, a mail ("VPN data low", "VPN data exhausted") read from a real SMTP server;
 * two nodes telling at once tell once; the next cycle tells again. Past the limit, data the company
 * added to its pool carries the tunnels until it is used up (180023).
 */

const MB = 1024 * 1024;
let t: TestApp;
let acme: Owner;
let admin: SignedIn;
let group: VpnGroup;
let smtp: TestSmtp;
const counters = new Map<string, { bytesIn: number; bytesOut: number }>();

/** The hub's status read finds the router's tunnel `mb` megabytes further than at the last read. */
async function hubCarries(sn: string, mb: number) {
  const scope = companyScope(acme.companyId);
  const last = counters.get(sn) ?? { bytesIn: 0, bytesOut: 0 };
  const now = {
    bytesIn: last.bytesIn + Math.round((mb * MB) / 2),
    bytesOut: last.bytesOut + Math.round((mb * MB) / 2),
  };
  counters.set(sn, now);
  const row = (await store.findGroup(t.deps.db, scope, group.vpnGroupId))!;
  const member = (await store.groupMembers(t.deps.db, scope, group.vpnGroupId)).find(
    (m) => m.member_key === `device:${sn}`,
  )!;
  await recordMemberStatus(t.deps, row, member, { realAddress: '203.0.113.9:40001', ...now }, t.clock.now());
}

/** The notification channels' dispatcher runs every 10 s; the e-mail channel's job follows it. */
async function deliverChannels() {
  t.clock.advance(11_000);
  await runDueJobs(t, 20);
}

async function vpnNotes() {
  const res = await acme.run(deviceNotificationListCall, { pageNum: 1, pageSize: 50 });
  expect(res.code, res.msg).toBe(0);
  return res.data!.list.filter((n) => n.bizType === 'vpnDataLow' || n.bizType === 'vpnDataExhausted');
}

const mailsTo = (account: string) => smtp.mails.filter((m) => m.to.includes(account));

async function usage() {
  const res = await acme.run(getVpnGroupUsageCall, { vpnGroupId: group.vpnGroupId });
  expect(res.code, res.msg).toBe(0);
  return res.data!;
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ jobs: { manual: true } });
  // A Wednesday evening (UTC): the day's cycle ends at midnight.
  t.clock.set(Date.UTC(2026, 10, 11, 18, 0));
  const created = await ensureSuperAdmin(t.deps);
  adminLogin = { account: created!.account, password: created!.password };
  admin = await signIn(t, adminLogin.account, adminLogin.password);
  acme = await companyOwner(t, 'Acme Warnings', 'owner@acme-warnings.test');
  await seedDevices(t, acme.companyId, [{ sn: 'VW0001' }, { sn: 'VW0002' }]);
  await putOnLevel(t, acme, ['VW0001', 'VW0002'], 'ADVANCED');
  // The company mails through its own SMTP server (notification settings).
  const saved = await acme.run(saveMailServerCall, {
    senderEmail: 'alerts@acme-warnings.test',
    host: '127.0.0.1',
    port: smtp.port,
    security: 'none',
    username: '',
  });
  expect(saved.code, saved.msg).toBe(0);
  group = (
    await acme.run(createVpnGroupCall, { name: 'Pumps', region: 'EUR', dataLimitMb: 10, cycle: 'day' })
  ).data!;
  const added = await acme.run(addVpnGroupDevicesCall, {
    vpnGroupId: group.vpnGroupId,
    sns: ['VW0001', 'VW0002'],
  });
  expect(added.code, added.msg).toBe(0);
  await deliverChannels();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('VPN data limit warnings', () => {
  it('tells nothing under 80 %', async () => {
    await hubCarries('VW0001', 5);
    await hubCarries('VW0002', 2);
    await deliverChannels();
    expect((await usage()).state).toBe('normal');
    expect(await vpnNotes()).toEqual([]);
    expect(mailsTo('owner@acme-warnings.test')).toEqual([]);
  });

  it('tells the crossing of 80 % once: one console notification and one "VPN data low" mail', async () => {
    await hubCarries('VW0001', 1.5);
    await deliverChannels();
    // Later reads above 80 %, and a second node (or a restart) checking the same cycle, tell nothing more.
    await hubCarries('VW0002', 0.5);
    const row = (await store.findGroup(t.deps.db, companyScope(acme.companyId), group.vpnGroupId))!;
    expect(
      await Promise.all([
        tellLimitCrossing(t.deps.db, row, t.clock.now()),
        tellLimitCrossing(t.deps.db, row, t.clock.now()),
      ]),
    ).toEqual([null, null]);
    await deliverChannels();
    expect((await usage()).state).toBe('warning');
    const notes = await vpnNotes();
    expect(notes.map((n) => [n.bizType, n.severity, n.content])).toEqual([
      ['vpnDataLow', 'minor', 'The VPN group Pumps has used 85 % of its data limit: 8.50 MB of 10.00 MB.'],
    ]);
    const mails = mailsTo('owner@acme-warnings.test');
    expect(mails.map((m) => m.subject)).toEqual(['VPN data low: Pumps has used 85 % of its data limit']);
    expect(mails[0]!.from).toContain('alerts@acme-warnings.test');
    expect(mails[0]!.text).toContain('has used 8.50 MB of its 10.00 MB data limit in this cycle');
    expect(mails[0]!.text).toContain(`/vpn/group/${group.vpnGroupId}`);
  });

  it('tells the crossing of 100 % once, with the refusal code (180021)', async () => {
    await hubCarries('VW0002', 2);
    await hubCarries('VW0001', 1);
    await deliverChannels();
    expect(await usage()).toMatchObject({
      state: 'exhausted',
      code: ErrorCode.VPN_GROUP_TRAFFIC_EXHAUSTED,
      pool: null,
    });
    const notes = await vpnNotes();
    expect(notes.map((n) => [n.bizType, n.severity])).toEqual([
      ['vpnDataExhausted', 'major'],
      ['vpnDataLow', 'minor'],
    ]);
    expect(notes[0]!.content).toBe(
      'The VPN group Pumps reached its data limit of 10.00 MB: its tunnels are refused (180021).',
    );
    const mails = mailsTo('owner@acme-warnings.test');
    expect(mails.map((m) => m.subject)).toEqual([
      'VPN data low: Pumps has used 85 % of its data limit',
      'VPN data exhausted: Pumps reached its data limit',
    ]);
    expect(mails[1]!.text).toContain(
      'Its tunnels are refused (180021: The VPN traffic of the group is exhausted); they come back at the next cycle (2026-11-12 00:00 UTC), ',
    );
  });

  it("tells again in the next cycle, in the reader's language", async () => {
    t.clock.set(Date.UTC(2026, 10, 12, 0, 5));
    // The sessions ended with the day's hours: everyone signs in again; the owner reads Chinese now.
    await signInAgain();
    await t.deps.db.updateTable('app_user').set({ language: 'cn' }).where('id', '=', acme.userId).execute();
    expect(await usage()).toMatchObject({ usedBytes: 0, state: 'normal', code: null });
    await hubCarries('VW0001', 9);
    await deliverChannels();
    const mails = mailsTo('owner@acme-warnings.test');
    expect(mails).toHaveLength(3);
    // (The test server's reading of encoded words may leave a space where a long subject was folded.)
    expect(mails[2]!.subject.replace(/\s/g, '')).toBe('VPN流量不足：Pumps已使用数据限额的90%');
    expect(mails[2]!.text).toContain('VPN组Pumps本周期已使用9.00 MB，数据限额为10.00 MB（90%）');
    expect((await vpnNotes()).map((n) => n.bizType)).toEqual([
      'vpnDataLow',
      'vpnDataExhausted',
      'vpnDataLow',
    ]);
  });

  it('past the limit, carries the tunnels on data the company added to its pool, then refuses them with 180023', async () => {
    const grant = await admin.call('POST', grantDataCall.path, {
      companyId: acme.companyId,
      dataMb: 3,
      expireDays: 30,
      idempotencyKey: operationKey(),
    });
    expect(grant.body.code, grant.body.msg).toBe(0);
    await hubCarries('VW0002', 2);
    let u = await usage();
    expect(u).toMatchObject({
      state: 'exhausted',
      code: null,
      pool: { remainingBytes: 3 * MB, totalBytes: 3 * MB, carrying: true },
    });
    expect(u.devices.map((d) => [d.sn, d.state, d.code])).toEqual([
      ['VW0001', 'normal', null],
      ['VW0002', 'normal', null],
    ]);
    await deliverChannels();
    const mails = mailsTo('owner@acme-warnings.test');
    expect(mails).toHaveLength(4);
    expect(mails[3]!.text).toContain('其隧道正在使用公司的VPN流量池继续运行：剩余3.00 MB');
    // The routers' VPN counters draw the pool (data-pool: the traffic the licences include, then the
    // data added), until nothing is left.
    await recordVpnUsage(t.deps, 'VW0002', acme.companyId, vpnTelemetry(20 * 1024 * MB));
    u = await usage();
    expect(u).toMatchObject({
      state: 'exhausted',
      code: ErrorCode.VPN_POOL_TRAFFIC_EXHAUSTED,
      pool: { remainingBytes: 0, carrying: false },
    });
    expect(u.devices.map((d) => d.code)).toEqual([180023, 180023]);
    // Told once: the pool's running out is the data pool's own notification.
    await deliverChannels();
    expect(mailsTo('owner@acme-warnings.test')).toHaveLength(4);
  });
  it('tells a crossing that a lower limit makes, as the traffic would', async () => {
    t.clock.set(Date.UTC(2026, 10, 13, 8, 0));
    await signInAgain();
    await hubCarries('VW0001', 5);
    expect((await usage()).state).toBe('normal');
    const lower = (dataLimitMb: number) =>
      acme.run(updateVpnGroupCall, {
        vpnGroupId: group.vpnGroupId,
        name: group.name,
        region: group.region,
        dataLimitMb,
        cycle: 'day',
        siteIpAccessType: group.siteIpAccessType,
      });
    expect((await lower(6)).code).toBe(0);
    expect((await usage()).state).toBe('warning');
    expect((await lower(4)).code).toBe(0);
    // The data the company added is used up: 180023, not 180021.
    expect(await usage()).toMatchObject({ state: 'exhausted', code: ErrorCode.VPN_POOL_TRAFFIC_EXHAUSTED });
    const notes = (await vpnNotes()).slice(0, 2);
    expect(notes.map((n) => n.bizType)).toEqual(['vpnDataExhausted', 'vpnDataLow']);
    expect(notes[0]!.content).toBe(
      'The VPN group Pumps reached its data limit of 4.00 MB: its tunnels are refused (180023).',
    );
    expect(notes[1]!.content).toContain('has used 83 % of its data limit');
  });
});

let adminLogin: { account: string; password: string };

async function signInAgain() {
  admin = await signIn(t, adminLogin.account, adminLogin.password);
  acme = asOwner(await signIn(t, acme.account), {
    companyId: acme.companyId,
    userId: acme.userId,
    account: acme.account,
  });
}

function vpnTelemetry(bytes: number): TelemetryMessage {
  return {
    type: 'telemetry',
    ts: t.clock.now().getTime(),
    seq: 1,
    uptimeSeconds: 600,
    usage: [],
    signal: [],
    vpn: { rxBytes: bytes, txBytes: 0 },
  };
}
