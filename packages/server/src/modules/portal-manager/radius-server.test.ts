import { createHash, createHmac } from 'node:crypto';
import dgram from 'node:dgram';
import { once } from 'node:events';
import {
  addPortalDevicesCall,
  createPortalTemplateCall,
  DEFAULT_PORTAL_SESSION_SETTINGS,
  type StoredFile,
} from '@fleetport/contract';
import radius from 'radius';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { radiusSecretSeal } from './portal-manager.service.ts';
import { blockClient, issueSplashToken, sessionsOf } from './portal-sessions.store.ts';
import { type RadiusServer, startRadiusServer } from './radius-server.ts';

/**
 * The RADIUS server against a real UDP client (the npm `radius` codec, as a router's captive portal
 * would speak it): only a router that proves its own secret with a Message-Authenticator is answered;
 * an Access-Accept carries the template's limits; accounting becomes the client's session.
 */

const SN = 'RADIUS0000000001';
const PHONE = 'AA:BB:CC:00:11:22';
let t: TestApp;
let acme: Owner;
let server: RadiusServer;
let secret: string;
let portalId: number;
const client = dgram.createSocket('udp4');
const replies: Buffer[] = [];

async function stored(kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...acme.headers(), 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, bytes }])),
  });
  return res.json<{ data: { files: StoredFile[] } }>().data.files[0]!;
}

function request(
  code: 'Access-Request' | 'Accounting-Request',
  attributes: [string, string | number][],
  options: { secret?: string; messageAuthenticator?: boolean; mac?: string } = {},
): Buffer {
  return radius.encode({
    code,
    secret: options.secret ?? secret,
    attributes: [
      ['NAS-Identifier', SN],
      ['Calling-Station-Id', (options.mac ?? PHONE).replaceAll(':', '-')],
      ...attributes,
    ],
    add_message_authenticator: options.messageAuthenticator ?? true,
  });
}

/**
 * The reply proves the secret as RFC 2865 §3 and RFC 3579 §3.2 say: its Message-Authenticator is the
 * HMAC-MD5 over the reply with the request's authenticator (zeros for accounting) and the attribute zeroed, its Response
 * Authenticator the MD5 over the reply with the request's authenticator, then the secret.
 */
function expectSigned(sent: Buffer, reply: Buffer) {
  const withRequestAuth = Buffer.from(reply);
  sent.copy(withRequestAuth, 4, 4, 20);
  expect(createHash('md5').update(withRequestAuth).update(secret).digest()).toEqual(reply.subarray(4, 20));
  let at = 20;
  while (at < reply.length && reply[at] !== 80) at += reply[at + 1]!;
  expect(at, 'Message-Authenticator in the reply').toBeLessThan(reply.length);
  const zeroed = Buffer.from(withRequestAuth);
  zeroed.fill(0, at + 2, at + 18);
  // An Accounting-Response's Message-Authenticator is over a zero authenticator (FreeRADIUS, RFC 5080).
  if (reply[0] === 5) zeroed.fill(0, 4, 20);
  expect(createHmac('md5', secret).update(zeroed).digest()).toEqual(reply.subarray(at + 2, at + 18));
}

/** Sends and waits for the reply with the same identifier, checked with the router's secret. */
async function exchange(packet: Buffer, port: number) {
  const before = replies.length;
  client.send(packet, port, '127.0.0.1');
  await vi.waitFor(() => expect(replies.length).toBeGreaterThan(before), { timeout: 20_000, interval: 10 });
  const reply = replies.at(-1)!;
  expect(reply[1]).toBe(packet[1]);
  expectSigned(packet, reply);
  return radius.decode({ packet: reply, secret });
}

/** Sends and waits until the server has dropped it; nothing may have come back. */
async function dropped(packet: Buffer, port: number) {
  const before = { ...server.counts };
  const got = replies.length;
  client.send(packet, port, '127.0.0.1');
  await vi.waitFor(() => expect(server.counts.dropped).toBe(before.dropped + 1), {
    timeout: 20_000,
    interval: 10,
  });
  expect(server.counts.answered).toBe(before.answered);
  expect(replies.length).toBe(got);
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Ferries', 'owner@acme.example');
  await seedDevices(t, acme.companyId, [{ sn: SN, online: true }]);
  await putOnLevel(t, acme, [SN], 'CAPTIVE_PORTAL_PRO');
  const background = await stored(
    'portalBackground',
    'bg.png',
    Buffer.concat([pngHeader(750, 1334), Buffer.alloc(64)]),
  );
  const template = await acme.run(createPortalTemplateCall, {
    name: 'Ferry WiFi',
    redirectionUrl: 'https://ferry.example/welcome',
    pcBackgroundFileId: background.fileId,
    mobileBackgroundFileId: background.fileId,
    languages: [{ name: 'English' }],
    sessionSettings: {
      ...DEFAULT_PORTAL_SESSION_SETTINGS,
      totalLimitMb: 50,
      sessionTimeoutMinutes: 30,
      downloadKbps: 2000,
    },
  });
  portalId = template.data!.portalId;
  expect((await acme.run(addPortalDevicesCall, { portalId, sns: [SN] })).code).toBe(0);
  const row = await t.deps.db
    .selectFrom('portal_device')
    .select('radius_secret')
    .where('sn', '=', SN)
    .executeTakeFirstOrThrow();
  secret = await radiusSecretSeal(t.deps).open(row.radius_secret);
  server = await startRadiusServer(
    { db: t.deps.db, clock: t.clock, seal: radiusSecretSeal(t.deps) },
    { auth: 0, acct: 0, host: '127.0.0.1' },
  );
  client.on('message', (message) => replies.push(message));
  client.bind(0, '127.0.0.1');
  await once(client, 'listening');
}, 60_000);
afterAll(async () => {
  client.close();
  await server?.close();
  await t.close();
});

async function token(mac = PHONE) {
  return issueSplashToken(t.deps.db, companyScope(acme.companyId), SN, mac, t.clock.now());
}

describe('RADIUS authentication', () => {
  it('drops a request signed with another secret', async () => {
    await dropped(
      request(
        'Access-Request',
        [
          ['User-Name', PHONE],
          ['User-Password', await token()],
        ],
        { secret: 'not-the-secret' },
      ),
      server.authPort,
    );
  });

  it('drops a request without Message-Authenticator (BlastRADIUS)', async () => {
    await dropped(
      request(
        'Access-Request',
        [
          ['User-Name', PHONE],
          ['User-Password', await token()],
        ],
        {
          messageAuthenticator: false,
        },
      ),
      server.authPort,
    );
  });

  it("accepts a visitor's splash token once, with the template's limits", async () => {
    const spent = await token();
    const reply = await exchange(
      request('Access-Request', [
        ['User-Name', PHONE],
        ['User-Password', spent],
      ]),
      server.authPort,
    );
    expect(reply.code).toBe('Access-Accept');
    expect(reply.attributes['Message-Authenticator']).toBeInstanceOf(Buffer);
    expect(reply.attributes['Session-Timeout']).toBe(30 * 60);
    expect(reply.attributes['Vendor-Specific']['WISPr-Bandwidth-Max-Down']).toBe(2_000_000);
    expect(reply.attributes['Vendor-Specific']['ChilliSpot-Max-Total-Octets']).toBe(50 * 1024 * 1024);
    expect(reply.attributes['Vendor-Specific']['WISPr-Redirection-URL']).toBe(
      'https://ferry.example/welcome',
    );
    // The same token again: the terms must be accepted again.
    const again = await exchange(
      request('Access-Request', [
        ['User-Name', PHONE],
        ['User-Password', spent],
      ]),
      server.authPort,
    );
    expect(again.code).toBe('Access-Reject');
  });

  it('accepts a visitor when the redirection URL is longer than a RADIUS attribute holds', async () => {
    // A template may keep a URL of up to 4096 characters; one RADIUS attribute holds 247 bytes of it.
    const long = `https://ferry.example/welcome?${'campaign=summer&'.repeat(30)}`;
    await t.deps.db
      .updateTable('portal_template')
      .set({ redirection_url: long })
      .where('id', '=', portalId)
      .execute();
    try {
      const reply = await exchange(
        request('Access-Request', [
          ['User-Name', PHONE],
          ['User-Password', await token()],
        ]),
        server.authPort,
      );
      expect(reply.code).toBe('Access-Accept');
      expect(reply.attributes['Vendor-Specific']['WISPr-Redirection-URL']).toBeUndefined();
    } finally {
      await t.deps.db
        .updateTable('portal_template')
        .set({ redirection_url: 'https://ferry.example/welcome' })
        .where('id', '=', portalId)
        .execute();
    }
  });

  it('rejects a blocked client with a Reply-Message', async () => {
    await blockClient(t.deps.db, companyScope(acme.companyId), portalId, 'AA:BB:CC:99:99:99', t.clock.now());
    const reply = await exchange(
      request(
        'Access-Request',
        [
          ['User-Name', 'blocked'],
          ['User-Password', await token('AA:BB:CC:99:99:99')],
        ],
        {
          mac: 'aa:bb:cc:99:99:99',
        },
      ),
      server.authPort,
    );
    expect(reply.code).toBe('Access-Reject');
    expect(reply.attributes['Reply-Message']).toBe('Blocked');
  });
});

describe('RADIUS accounting', () => {
  it('turns Start, Interim-Update and Stop into one session with Gigawords and the cause', async () => {
    const session: [string, string | number][] = [
      ['Acct-Session-Id', 'ferry-0001'],
      ['User-Name', PHONE],
      ['Framed-IP-Address', '10.1.0.23'],
    ];
    const start = await exchange(
      request('Accounting-Request', [...session, ['Acct-Status-Type', 'Start']]),
      server.acctPort,
    );
    expect(start.code).toBe('Accounting-Response');
    await exchange(
      request('Accounting-Request', [
        ...session,
        ['Acct-Status-Type', 'Interim-Update'],
        ['Acct-Input-Octets', 1000],
        ['Acct-Output-Octets', 5000],
        ['Acct-Session-Time', 60],
      ]),
      server.acctPort,
    );
    await exchange(
      request('Accounting-Request', [
        ...session,
        ['Acct-Status-Type', 'Stop'],
        ['Acct-Input-Octets', 2000],
        ['Acct-Output-Octets', 7],
        ['Acct-Output-Gigawords', 1],
        ['Acct-Session-Time', 600],
        ['Acct-Terminate-Cause', 'Session-Timeout'],
      ]),
      server.acctPort,
    );
    const [row] = await sessionsOf(t.deps.db, companyScope(acme.companyId), SN);
    expect(row).toMatchObject({
      client_mac: PHONE,
      client_ip: '10.1.0.23',
      session_seconds: 600,
      terminate_cause: 'Session-Timeout',
    });
    expect(Number(row!.input_octets)).toBe(2000);
    expect(Number(row!.output_octets)).toBe(2 ** 32 + 7);
    expect(row!.ended_at).not.toBeNull();
  });

  it('drops accounting signed with another secret', async () => {
    await dropped(
      request(
        'Accounting-Request',
        [
          ['Acct-Session-Id', 'x'],
          ['Acct-Status-Type', 'Start'],
        ],
        { secret: 'wrong' },
      ),
      server.acctPort,
    );
  });

  it('rejects a client whose data limit is used up', async () => {
    const reply = await exchange(
      request('Access-Request', [
        ['User-Name', PHONE],
        ['User-Password', await token()],
      ]),
      server.authPort,
    );
    expect(reply.code).toBe('Access-Reject');
    expect(reply.attributes['Reply-Message']).toBe('Data limit reached');
  });
});

describe('the splash page', () => {
  const splash = (query: string, lang = 'en-GB,en;q=0.8') =>
    t.app.inject({
      method: 'GET',
      url: `${t.deps.config.apiPrefix}/gm/portal/splash?${query}`,
      headers: { 'accept-language': lang },
    });

  it('shows a neutral page for an unknown router, never a template', async () => {
    const res = await splash('sn=NOSUCHROUTER0001&mac=AA-BB-CC-00-11-22');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('data-splash="neutral"');
    expect(res.body).not.toContain('Ferry');
  });

  it("shows the router's template and hands a token that RADIUS accepts once", async () => {
    const page = await splash(`sn=${SN}&mac=AA-BB-CC-00-33-44&loginUrl=http%3A%2F%2F10.1.0.1%3A3990%2Flogon`);
    expect(page.body).toContain('data-splash="portal"');
    expect(page.body).toContain('<form method="post" action="splash/accept">');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/gm/portal/splash/accept`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sn=${SN}&mac=AA-BB-CC-00-33-44&loginUrl=${encodeURIComponent('http://10.1.0.1:3990/logon')}`,
    });
    expect(accepted.statusCode).toBe(302);
    const location = new URL(accepted.headers.location as string);
    expect(location.host).toBe('10.1.0.1:3990');
    expect(location.searchParams.get('userurl')).toBe('https://ferry.example/welcome');
    const password = location.searchParams.get('password')!;
    const reply = await exchange(
      request(
        'Access-Request',
        [
          ['User-Name', 'AA:BB:CC:00:33:44'],
          ['User-Password', password],
        ],
        {
          mac: 'AA:BB:CC:00:33:44',
        },
      ),
      server.authPort,
    );
    expect(reply.code).toBe('Access-Accept');
  });

  it('sends nobody to an address outside the router (neutral page)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${t.deps.config.apiPrefix}/gm/portal/splash/accept`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `sn=${SN}&mac=AA-BB-CC-00-33-44&loginUrl=${encodeURIComponent('https://evil.example/steal')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-splash="neutral"');
  });
});
