import http from 'node:http';
import {
  ErrorCode,
  errorMessage,
  getCompanyMapConfigCall,
  getMapKeysCall,
  setMapKeysCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { partnerTree } from '../customers/partner-tree-kit.ts';
import type { Owner } from '../devices/device-test-kit.ts';

/**
 * OEM map keys (issue 18): checked with a stand-in map provider on save (5012 refused, 5011
 * unreachable), sealed at rest, shown masked, and the company's JS key, else its nearest partner's,
 * feeding the console's map.
 */

/** The map provider's stand-in: Google's answer shape; `denied-…` keys refused, `forbidden-…` 403. */
function startProvider() {
  const state = { down: false, asked: [] as string[] };
  const server = http.createServer((req, res) => {
    const key = new URL(req.url!, 'http://x').searchParams.get('key') ?? '';
    state.asked.push(key);
    if (state.down) return void res.writeHead(503).end();
    if (key.startsWith('forbidden-')) return void res.writeHead(403).end();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: key.startsWith('denied-') ? 'REQUEST_DENIED' : 'OK', results: [] }));
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/geocode/json?address=Berlin`),
    ),
  );
  return { state, ready, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const provider = startProvider();
let t: TestApp;
let delta: Owner;
let rho: Owner;
let bravo: Owner;
let acme: Owner;

beforeAll(async () => {
  t = await createTestApp({ config: testConfig({ mapKeyCheckUrl: await provider.ready }) });
  await ensureSuperAdmin(t.deps);
  ({ delta, rho, bravo, acme } = await partnerTree(t, 'Maps'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await provider.close();
});

describe('map keys', () => {
  it('are checked with the provider, saved sealed and shown masked', async () => {
    const set = await bravo.run(setMapKeysCall, {
      jsApiKey: 'good-js-key-0001',
      serverApiKey: 'good-server-key-0002',
      hardwareKey: 'good-hw',
    });
    expect(set.code).toBe(0);
    expect(set.data).toMatchObject({
      jsApiKey: '••••••0001',
      serverApiKey: '••••••0002',
      hardwareKey: '••••••',
    });
    expect(provider.state.asked).toEqual(['good-js-key-0001', 'good-server-key-0002', 'good-hw']);
    const read = await bravo.run(getMapKeysCall, {});
    expect(JSON.stringify(read.data)).not.toContain('good-');
    const row = await t.deps.db
      .selectFrom('partner_branding')
      .select(['map_js_key_sealed', 'map_server_key_sealed'])
      .where('company_id', '=', bravo.companyId)
      .executeTakeFirstOrThrow();
    expect(`${row.map_js_key_sealed}${row.map_server_key_sealed}`).not.toContain('good-');
  });

  it('5012 for a key the provider refuses (naming the field), 5011 when it cannot be reached; nothing saved', async () => {
    const denied = await bravo.run(setMapKeysCall, {
      jsApiKey: 'good-js-key-0003',
      serverApiKey: 'denied-1',
    });
    expect(denied).toMatchObject({ code: ErrorCode.MAP_KEY_INVALID, data: { field: 'serverApiKey' } });
    expect(denied.msg).toBe(errorMessage(5012, 'en'));
    const forbidden = await bravo.run(setMapKeysCall, { hardwareKey: 'forbidden-2' }, 'cn');
    expect(forbidden).toMatchObject({
      code: 5012,
      data: { field: 'hardwareKey' },
      msg: errorMessage(5012, 'cn'),
    });
    provider.state.down = true;
    const down = await bravo.run(setMapKeysCall, { jsApiKey: 'good-js-key-0004' });
    provider.state.down = false;
    expect(down).toMatchObject({ code: ErrorCode.MAP_SERVICE_UNAVAILABLE, msg: errorMessage(5011, 'en') });
    expect((await bravo.run(getMapKeysCall, {})).data!.jsApiKey).toBe('••••••0001');
  });

  it("feed the console's map: the company's own JS key, else its nearest partner's, else the platform's", async () => {
    expect((await bravo.run(getCompanyMapConfigCall, {})).data).toEqual({
      jsApiKey: 'good-js-key-0001',
      source: 'own',
    });
    expect((await rho.run(getCompanyMapConfigCall, {})).data).toEqual({ jsApiKey: null, source: 'platform' });
    expect((await delta.run(setMapKeysCall, { jsApiKey: 'good-delta-js-key' })).code).toBe(0);
    // Acme is Delta's customer; Rho is Delta's re-seller; Bravo keeps its own.
    expect((await acme.run(getCompanyMapConfigCall, {})).data).toEqual({
      jsApiKey: 'good-delta-js-key',
      source: 'partner',
    });
    expect((await rho.run(getCompanyMapConfigCall, {})).data!.source).toBe('partner');
    expect((await bravo.run(getCompanyMapConfigCall, {})).data!.source).toBe('own');
    // "" removes a key: Bravo then uses its nearest partner's (Rho set none: Delta's).
    const removed = await bravo.run(setMapKeysCall, { jsApiKey: '' });
    expect(removed.data).toMatchObject({ jsApiKey: null, serverApiKey: '••••••0002' });
    expect((await bravo.run(getCompanyMapConfigCall, {})).data).toEqual({
      jsApiKey: 'good-delta-js-key',
      source: 'partner',
    });
  });
});
