import {
  addPortalDevicesCall,
  blockPortalClientCall,
  createPortalTemplateCall,
  DEFAULT_PORTAL_SESSION_SETTINGS,
  ErrorCode,
  getDeviceCall,
  listBlockedPortalClientsCall,
  listPortalClientHistoryCall,
  listPortalClientsCall,
  listPortalDevicesCall,
  listPortalPushesCall,
  type PortalPush,
  portalUsageCall,
  renamePortalClientCall,
  type StoredFile,
  unblockPortalClientCall,
  updatePortalTemplateCall,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: the simulated router's own portal is what is tested against.
import { type SimulatedDevice, visit } from '@fleetport/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { radiusSecretSeal } from './radius-secret.ts';
import { type RadiusServer, startRadiusServer } from './radius-server.ts';

/**
 * Template versions reach real simulated routers as `portalApply` (online at once, offline after their
 * hello), each with a new RADIUS secret; a phone passes through a router's captive portal (splash,
 * RADIUS login, accounting), shows as a current client, is cut at its limit, and a block ends its
 * session on the router and refuses it after.
 */

let fleet: SimulatedFleet;
let t: TestApp;
let acme: Owner;
let bravo: Owner;
let radius: RadiusServer;
let portalId: number;
let r1: SimulatedDevice;
let r3: SimulatedDevice;
let background: StoredFile;
const PHONE = '3A:11:22:33:44:55';
const LAPTOP = '00:1B:44:11:3A:B7';

async function stored(kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...acme.headers(), 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, bytes }])),
  });
  return res.json<{ data: { files: StoredFile[] } }>().data.files[0]!;
}

async function pushes(sn?: string): Promise<PortalPush[]> {
  const res = await acme.run(listPortalPushesCall, {
    portalId,
    pageNum: 1,
    pageSize: 100,
    ...(sn ? { sn } : {}),
  });
  expect(res.code).toBe(0);
  return res.data!.list;
}

/** A phone joins the router's WiFi: redirected to the splash, accepts, signs in over RADIUS. */
async function signIn(device: SimulatedDevice, mac: string): Promise<Response> {
  const portal = device.state.portal!;
  const first = await fetch(`${portal.url}/?host=news.example`, {
    headers: { 'x-client-mac': mac },
    redirect: 'manual',
  });
  expect(first.status).toBe(302);
  const splash = new URL(first.headers.get('location')!);
  expect(splash.pathname).toBe(`${t.deps.config.apiPrefix}/gm/portal/splash`);
  const page = await t.app.inject({ method: 'GET', url: `${splash.pathname}${splash.search}` });
  expect(page.body).toContain('Welcome aboard');
  const accepted = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/gm/portal/splash/accept`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: splash.searchParams.toString(),
  });
  expect(accepted.statusCode).toBe(302);
  return fetch(accepted.headers.location as string, { headers: { 'x-client-mac': mac }, redirect: 'manual' });
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  t = fleet.t;
  radius = await startRadiusServer(
    { db: t.deps.db, clock: t.deps.clock, seal: radiusSecretSeal(t.deps) },
    { auth: 0, acct: 0, host: '127.0.0.1' },
  );
  // The routers are told where RADIUS listens with each version, and where the splash is: the app
  // listens for real, so simulated phones reach it with fetch.
  t.deps.config.radius = { authPort: radius.authPort, acctPort: radius.acctPort };
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.deps.config.publicUrl = address;
  acme = await companyOwner(t, 'Acme Ferries', 'owner@acme-push.test');
  bravo = await companyOwner(t, 'Bravo Buses', 'owner@bravo-push.test');
  r1 = await fleet.connect(acme, 'PP0001', 'r151x', 'R1510');
  await fleet.connect(acme, 'PP0002', 'r151x', 'R1510');
  r3 = await fleet.connect(acme, 'PP0003', 'r151x', 'R1510');
  await r3.stop();
  await eventually(
    async () => (await acme.run(getDeviceCall, { sn: 'PP0003' })).data?.online === false,
    10_000,
    'PP0003 offline',
  );
  await putOnLevel(t, acme, ['PP0001', 'PP0002', 'PP0003'], 'CAPTIVE_PORTAL_PRO');
  background = await stored(
    'portalBackground',
    'bg.png',
    Buffer.concat([pngHeader(750, 1334), Buffer.alloc(64)]),
  );
  const created = await acme.run(createPortalTemplateCall, {
    name: 'Ferry WiFi',
    redirectionUrl: 'https://ferry.example/welcome',
    pcBackgroundFileId: background.fileId,
    mobileBackgroundFileId: background.fileId,
    allowedSites: ['*.ferry.example'],
    blockedDomains: ['*.ads.example'],
    languages: [{ name: 'English', locale: 'en', title: 'Welcome aboard' }],
    sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, totalLimitMb: 50 },
  });
  expect(created.code).toBe(0);
  portalId = created.data!.portalId;
}, 120_000);

afterAll(async () => {
  await radius?.close();
  await fleet?.close();
});

describe('portalApply', () => {
  it('sends the version to online routers at once; the offline one waits for the device', async () => {
    const added = await acme.run(addPortalDevicesCall, { portalId, sns: ['PP0001', 'PP0002', 'PP0003'] });
    expect(added.code).toBe(0);
    await eventually(
      async () => (await pushes()).filter((p) => p.state === 'updated').length === 2,
      15_000,
      'two routers updated',
    );
    const rows = await pushes();
    expect(rows.map((p) => [p.sn, p.version, p.state]).sort()).toEqual([
      ['PP0001', 1, 'updated'],
      ['PP0002', 1, 'updated'],
      ['PP0003', 1, 'pending'],
    ]);
    expect(rows.find((p) => p.sn === 'PP0003')!.reason).toBe('Waiting for the device to come online');
    const cn = await acme.run(
      listPortalPushesCall,
      { portalId, sn: 'PP0003', pageNum: 1, pageSize: 10 },
      'cn',
    );
    expect(cn.data!.list[0]!.reason).toBe('等待设备上线');
    // The router runs what was sent, with the secret the platform now holds for it.
    const config = r1.state.portal!.config!;
    expect(config).toMatchObject({
      version: 1,
      allowedSites: ['*.ferry.example'],
      blockedDomains: ['*.ads.example'],
      limits: { totalLimitMb: 50 },
    });
    const row = await t.deps.db
      .selectFrom('portal_device')
      .selectAll()
      .where('sn', '=', 'PP0001')
      .executeTakeFirstOrThrow();
    expect(await radiusSecretSeal(t.deps).open(row.radius_secret)).toBe(config.radius.secret);
    expect(row).toMatchObject({ applied_version: 1, radius_secret_next: null });
    // Another company sees nothing of it.
    expect((await bravo.run(listPortalPushesCall, { portalId, pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.PORTAL_TEMPLATE_NOT_FOUND,
    );
  });

  it('a save pushes version 2; the offline router gets it after its hello', async () => {
    const template = (await acme.run(listPortalDevicesCall, { portalId, pageNum: 1, pageSize: 10 })).data!;
    expect(template.total).toBe(3);
    const saved = await acme.run(updatePortalTemplateCall, {
      portalId,
      name: 'Ferry WiFi',
      redirectionUrl: 'https://ferry.example/welcome',
      pcBackgroundFileId: background.fileId,
      mobileBackgroundFileId: background.fileId,
      allowedSites: ['*.ferry.example'],
      blockedDomains: ['*.ads.example', 'tracker.example'],
      languages: [{ name: 'English', locale: 'en', title: 'Welcome aboard' }],
      sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, totalLimitMb: 50 },
    });
    expect(saved.code).toBe(0);
    expect(saved.data!.version).toBe(2);
    await eventually(async () => r1.state.portal?.config?.version === 2, 15_000, 'PP0001 on version 2');
    expect(r1.state.portal!.config!.blockedDomains).toEqual(['*.ads.example', 'tracker.example']);
    expect((await pushes('PP0003')).map((p) => [p.version, p.state])).toEqual([
      [2, 'pending'],
      [1, 'pending'],
    ]);
    // Both versions queued for the offline router carry one new secret: whichever it runs, RADIUS knows it.
    const queued = () =>
      t.deps.db
        .selectFrom('rpc_command')
        .select(['params', 'state'])
        .where('sn', '=', 'PP0003')
        .where('method', '=', 'portalApply')
        .execute();
    const secrets = (await queued()).map((c) => (c.params as { radius: { secret?: string } }).radius.secret);
    expect(secrets).toHaveLength(2);
    expect(new Set(secrets).size).toBe(1);
    await r3.start();
    await eventually(
      async () => (await pushes('PP0003')).every((p) => p.state === 'updated'),
      20_000,
      'PP0003 updated after its hello',
    );
    expect(r3.state.portal!.config!.version).toBe(2);
    const row = await t.deps.db
      .selectFrom('portal_device')
      .selectAll()
      .where('sn', '=', 'PP0003')
      .executeTakeFirstOrThrow();
    expect(row.applied_version).toBe(2);
    expect(await radiusSecretSeal(t.deps).open(row.radius_secret)).toBe(
      r3.state.portal!.config!.radius.secret,
    );
    expect(r3.state.portal!.config!.radius.secret).toBe(secrets[0]);
    // Final commands keep no secret: the command history holds none.
    for (const command of await queued()) {
      expect(command.state).toBe('success');
      expect((command.params as { radius: Record<string, unknown> }).radius).not.toHaveProperty('secret');
      expect(command.params).toMatchObject({ portalId, radius: { authPort: expect.any(Number) } });
    }
  });
});

describe('clients through the router', () => {
  it('a phone signs in through the splash and RADIUS and shows as a current client', async () => {
    const landed = await signIn(r1, PHONE);
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe('https://ferry.example/welcome');
    await eventually(
      async () =>
        (await acme.run(listPortalClientsCall, { portalId, pageNum: 1, pageSize: 10 })).data?.total === 1,
      10_000,
      'one client',
    );
    const [client] = (await acme.run(listPortalClientsCall, { portalId, pageNum: 1, pageSize: 10 })).data!
      .list;
    expect(client).toMatchObject({
      mac: PHONE,
      randomized: true,
      sn: 'PP0001',
      ssid: r1.state.identity.ssid,
      status: 'normal',
      name: '',
    });
    expect(client!.ip).toMatch(/^192\.168\./);
    // The content filter refuses what the template blocks, counted per client.
    const refused = await fetch(`${r1.state.portal!.url}/dns?name=cdn.ads.example`, {
      headers: { 'x-client-mac': PHONE },
    });
    expect(refused.status).toBe(403);
    expect(r1.state.portal!.refusals.get(PHONE)).toBe(1);
    expect(
      (await fetch(`${r1.state.portal!.url}/dns?name=ferry.example`, { headers: { 'x-client-mac': PHONE } }))
        .status,
    ).toBe(200);
  });

  it('a simulated phone (--portal-clients) goes through the same flow with fetch alone', async () => {
    expect(await visit(r1.state.portal!.url, '5E:00:00:00:00:01')).toBe(true);
    expect(r1.state.portal!.sessions.has('5E:00:00:00:00:01')).toBe(true);
    await eventually(
      async () =>
        (
          await acme.run(listPortalClientsCall, {
            portalId,
            mac: '5E:00:00:00:00:01',
            pageNum: 1,
            pageSize: 10,
          })
        ).data?.total === 1,
      10_000,
      'the phone listed',
    );
    // Signing out ends its session with the cause the router reports.
    await fetch(`${r1.state.portal!.url}/logout`, { headers: { 'x-client-mac': '5E:00:00:00:00:01' } });
    expect(r1.state.portal!.ended.find((s) => s.mac === '5E:00:00:00:00:01')!.cause).toBe('User-Request');
  });

  it('names a client; the name shows in its rows', async () => {
    expect(
      (
        await acme.run(renamePortalClientCall, {
          portalId,
          mac: PHONE.toLowerCase().replaceAll(':', '-'),
          name: 'Captain phone',
        })
      ).code,
    ).toBe(0);
    const [client] = (await acme.run(listPortalClientsCall, { portalId, pageNum: 1, pageSize: 10 })).data!
      .list;
    expect(client!.name).toBe('Captain phone');
    expect((await acme.run(renamePortalClientCall, { portalId, mac: 'not-a-mac', name: 'x' })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
    expect((await bravo.run(renamePortalClientCall, { portalId, mac: PHONE, name: 'x' })).code).toBe(
      ErrorCode.PORTAL_TEMPLATE_NOT_FOUND,
    );
  });

  it('a laptop is cut at the 50 MB total: Stop with the cause, in the history, and refused after', async () => {
    expect((await signIn(r1, LAPTOP)).status).toBe(302);
    const portal = r1.state.portal!;
    expect(portal.sessions.get(LAPTOP)!.limits.total).toBe(50 * 1024 * 1024);
    const browse = await fetch(`${portal.url}/?down=${40 * 1024 * 1024}&up=${11 * 1024 * 1024}`, {
      headers: { 'x-client-mac': LAPTOP },
    });
    expect(browse.status).toBe(403);
    await eventually(
      async () => {
        const history = (
          await acme.run(listPortalClientHistoryCall, { portalId, mac: LAPTOP, pageNum: 1, pageSize: 10 })
        ).data!.list;
        return history[0]?.endedAt ? history[0] : undefined;
      },
      10_000,
      'laptop session ended',
    );
    const [ended] = (
      await acme.run(listPortalClientHistoryCall, { portalId, mac: LAPTOP, pageNum: 1, pageSize: 10 })
    ).data!.list;
    expect(ended).toMatchObject({
      terminateCause: 'Session-Timeout',
      randomized: false,
      bytesDown: 40 * 1024 * 1024,
      bytesUp: 11 * 1024 * 1024,
    });
    const again = await signIn(r1, LAPTOP);
    expect(again.status).toBe(403);
    expect(await again.text()).toBe('Data limit reached');
    const usage = (await acme.run(portalUsageCall, { portalId, days: 7 })).data!;
    expect(usage).toHaveLength(7);
    expect(usage.at(-1)).toMatchObject({ sessions: 3, clients: 3, bytesDown: 40 * 1024 * 1024 });
  });

  it('blocking ends the session on every router and refuses it; 900109 twice; unblock restores', async () => {
    const before = r1.state.portal!.config!.version;
    expect((await acme.run(blockPortalClientCall, { portalId, mac: PHONE })).code).toBe(0);
    const twice = await acme.run(blockPortalClientCall, { portalId, mac: PHONE }, 'cn');
    expect(twice).toMatchObject({ code: ErrorCode.CLIENT_ALREADY_BLOCKED, msg: '该客户端MAC地址已被阻止' });
    await eventually(async () => !r1.state.portal!.sessions.has(PHONE), 15_000, 'phone cut');
    expect(r1.state.portal!.ended.find((s) => s.mac === PHONE)!.cause).toBe('Admin-Reset');
    expect(r1.state.portal!.config!.version).toBe(before + 1);
    expect(r1.state.portal!.config!.blockedMacs).toEqual([PHONE]);
    await eventually(
      async () => r3.state.portal?.config?.blockedMacs.includes(PHONE),
      15_000,
      'PP0003 blocks it',
    );
    const refused = await signIn(r3, PHONE);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('Blocked');
    expect((await acme.run(listBlockedPortalClientsCall, { portalId })).data).toEqual([
      expect.objectContaining({ mac: PHONE, name: 'Captain phone', randomized: true }),
    ]);
    expect((await acme.run(unblockPortalClientCall, { portalId, mac: PHONE })).code).toBe(0);
    await eventually(async () => r3.state.portal?.config?.blockedMacs.length === 0, 15_000, 'unblocked');
    expect((await signIn(r3, PHONE)).status).toBe(302);
    expect((await bravo.run(blockPortalClientCall, { portalId, mac: PHONE })).code).toBe(
      ErrorCode.PORTAL_TEMPLATE_NOT_FOUND,
    );
  });
});
