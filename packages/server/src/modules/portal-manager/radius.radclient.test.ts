import { spawn } from 'node:child_process';
import {
  addPortalDevicesCall,
  blockPortalClientCall,
  createPortalTemplateCall,
  DEFAULT_PORTAL_SESSION_SETTINGS,
  type StoredFile,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { issueSplashToken, sessionsOf } from './portal-sessions.store.ts';
import { radiusSecretSeal } from './radius-secret.ts';
import { type RadiusServer, startRadiusServer } from './radius-server.ts';

/**
 * The platform's RADIUS server against FreeRADIUS's own `radclient` (Debian freeradius-utils; the
 * `radclient` project, `npm run test:radclient`): what a third-party access point or captive portal
 * firmware sends is answered as the RFCs say, Message-Authenticator included.
 */

const SN = 'RADCLIENT0000001';
const PHONE = 'AA-BB-CC-00-11-22';
let t: TestApp;
let acme: Owner;
let server: RadiusServer;
let secret: string;
let portalId: number;

/** Runs radclient with the attribute lines on stdin; its verbose output (it exits 1 without a reply). */
function radclient(
  kind: 'auth' | 'acct',
  attributes: string[],
  sharedSecret = secret,
): Promise<{ code: number | null; out: string }> {
  const port = kind === 'auth' ? server.authPort : server.acctPort;
  return new Promise((resolve, reject) => {
    const child = spawn('radclient', ['-x', '-r', '1', '-t', '2', `127.0.0.1:${port}`, kind, sharedSecret]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(
      `${[...attributes, `NAS-Identifier = "${SN}"`, 'Message-Authenticator = 0x00'].join(', ')}\n`,
    );
  });
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Ferries', 'owner@acme-radclient.test');
  await seedDevices(t, acme.companyId, [{ sn: SN, online: true }]);
  await putOnLevel(t, acme, [SN], 'CAPTIVE_PORTAL_PRO');
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...acme.headers(), 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(
      multipartBody({ kind: 'portalBackground' }, [
        { name: 'bg.png', bytes: Buffer.concat([pngHeader(750, 1334), Buffer.alloc(64)]) },
      ]),
    ),
  });
  const background = res.json<{ data: { files: StoredFile[] } }>().data.files[0]!;
  const template = await acme.run(createPortalTemplateCall, {
    name: 'Ferry WiFi',
    redirectionUrl: 'https://ferry.example/welcome',
    pcBackgroundFileId: background.fileId,
    mobileBackgroundFileId: background.fileId,
    languages: [{ name: 'English' }],
    sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, totalLimitMb: 50, sessionTimeoutMinutes: 30 },
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
}, 60_000);
afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('radclient', () => {
  it('authenticates with the splash token: Access-Accept with the session timeout and the octet limit', async () => {
    const token = await issueSplashToken(
      t.deps.db,
      companyScope(acme.companyId),
      SN,
      'AA:BB:CC:00:11:22',
      t.clock.now(),
    );
    const { code, out } = await radclient('auth', [
      `User-Name = "${PHONE}"`,
      `User-Password = "${token}"`,
      `Calling-Station-Id = "${PHONE}"`,
    ]);
    expect(out).toContain('Received Access-Accept');
    expect(out).toContain('Session-Timeout = 1800');
    expect(out).toContain(`ChilliSpot-Max-Total-Octets = ${50 * 1024 * 1024}`);
    expect(out).not.toContain('Bandwidth');
    expect(code).toBe(0);
  });

  it('is refused without a valid token, and a blocked MAC is refused with its message', async () => {
    const spent = await radclient('auth', [
      `User-Name = "${PHONE}"`,
      'User-Password = "spent"',
      `Calling-Station-Id = "${PHONE}"`,
    ]);
    expect(spent.out).toContain('Received Access-Reject');
    expect(spent.out).toContain('Accept the terms on the sign-in page first');
    expect((await acme.run(blockPortalClientCall, { portalId, mac: 'AA:BB:CC:0B:0C:0D' })).code).toBe(0);
    const blocked = await radclient('auth', [
      'User-Name = "AA-BB-CC-0B-0C-0D"',
      'User-Password = "x"',
      'Calling-Station-Id = "AA-BB-CC-0B-0C-0D"',
    ]);
    expect(blocked.out).toContain('Reply-Message = "Blocked"');
  });

  it('gets no answer with a wrong secret', async () => {
    const { code, out } = await radclient(
      'auth',
      [`User-Name = "${PHONE}"`, 'User-Password = "x"'],
      'wrong-secret',
    );
    expect(out).not.toContain('Received Access');
    expect(code).not.toBe(0);
  });

  it('accounting Start and Stop become one session with its bytes and cause', async () => {
    const common = [
      'Acct-Session-Id = "RC0001"',
      `User-Name = "${PHONE}"`,
      `Calling-Station-Id = "${PHONE}"`,
      'Called-Station-Id = "00-1A-2B-00-00-01:FerryWiFi"',
      'Framed-IP-Address = 192.168.1.23',
    ];
    expect((await radclient('acct', [...common, 'Acct-Status-Type = Start'])).out).toContain(
      'Received Accounting-Response',
    );
    const stop = await radclient('acct', [
      ...common,
      'Acct-Status-Type = Stop',
      'Acct-Input-Octets = 1000',
      'Acct-Output-Octets = 5000',
      'Acct-Output-Gigawords = 1',
      'Acct-Session-Time = 600',
      'Acct-Terminate-Cause = Idle-Timeout',
    ]);
    expect(stop.out).toContain('Received Accounting-Response');
    const [session] = await sessionsOf(t.deps.db, companyScope(acme.companyId), SN);
    expect(session).toMatchObject({
      acct_session_id: 'RC0001',
      client_mac: 'AA:BB:CC:00:11:22',
      client_ip: '192.168.1.23',
      ssid: 'FerryWiFi',
      terminate_cause: 'Idle-Timeout',
      session_seconds: 600,
    });
    expect(Number(session!.input_octets)).toBe(1000);
    expect(Number(session!.output_octets)).toBe(2 ** 32 + 5000);
  });
});
