import {
  createOpenApiClientCall,
  deleteOpenApiClientCall,
  ErrorCode,
  errorMessage,
  listOpenApiClientsCall,
  OPEN_API_SCOPE_PRESETS,
  rotateOpenApiSecretCall,
  updateOpenApiClientCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyWithEveryRole } from '../../../test/people.ts';
import { partnerTree, signInAgain } from '../customers/partner-tree-kit.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { askToken, callApi, makeClient, tokenFor } from './open-api-test-kit.ts';

let t: TestApp;
let acme: Owner;
let bravo: Owner;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Open', 'owner@acme-open.test');
  bravo = await companyOwner(t, 'Bravo Open', 'owner@bravo-open.test');
  await seedDevices(t, acme.companyId, [{ sn: 'OA0001', online: true }, { sn: 'OA0002' }]);
  await seedDevices(t, bravo.companyId, [{ sn: 'OB0001' }]);
}, 60_000);
afterAll(() => t?.close());

describe('clients', () => {
  it('answers the secret once and keeps only its hash', async () => {
    const made = await makeClient(acme, { name: 'Billing sync' });
    expect(made.secret.length).toBeGreaterThanOrEqual(40);
    const listed = await acme.run(listOpenApiClientsCall, {});
    const row = listed.data!.find((c) => c.id === made.client.id)!;
    expect(row).toMatchObject({ name: 'Billing sync', clientId: made.client.clientId, enabled: true });
    expect(JSON.stringify(listed.data)).not.toContain(made.secret);
    const stored = await t.deps.db
      .selectFrom('open_api_client')
      .select('secret_hash')
      .where('id', '=', made.client.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(made.secret);
  });

  it('refuses a name of one character or over 50, naming the field, and a name taken', async () => {
    const short = await acme.run(createOpenApiClientCall, { name: 'x', scopes: ['devices:read'] });
    expect(short.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(short.msg).toContain('name');
    const long = await acme.run(createOpenApiClientCall, { name: 'x'.repeat(51), scopes: ['devices:read'] });
    expect(long.code).toBe(ErrorCode.PARAMETER_ERROR);
    await makeClient(acme, { name: 'Twice' });
    const again = await acme.run(createOpenApiClientCall, { name: 'twice', scopes: ['devices:read'] });
    expect(again.code).toBe(ErrorCode.OPEN_API_CLIENT_NAME_EXISTS);
    expect(again.msg).toBe(errorMessage(610010, 'en'));
  });

  it('refuses an interface list naming an unknown interface (610014) or none at all (1)', async () => {
    const unknown = await acme.run(createOpenApiClientCall, {
      name: 'Odd',
      scopes: ['devices:read'],
      allInterfaces: false,
      interfaces: ['devices.burn'],
    });
    expect(unknown.code).toBe(ErrorCode.OPEN_API_INTERFACE_UNKNOWN);
    expect(unknown.msg).toContain('devices.burn');
    const none = await acme.run(createOpenApiClientCall, {
      name: 'Odd',
      scopes: ['devices:read'],
      allInterfaces: false,
    });
    expect(none.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it('is for administrators: a limited user is refused (6), an administrator is not', async () => {
    const people = await companyWithEveryRole(t, 'Delta Open', 'delta-open.test');
    const limited = people.members.limitedUser.session!;
    const refused = await limited.call('POST', listOpenApiClientsCall.path, {});
    expect(refused.body.code).toBe(ErrorCode.NOT_ADMINISTRATOR);
    const admin = people.members.administrator.session!;
    const listed = await admin.call('POST', listOpenApiClientsCall.path, {});
    expect(listed.body.code).toBe(0);
  });

  it("answers 610011 for another company's client", async () => {
    const made = await makeClient(acme);
    const rotated = await bravo.run(rotateOpenApiSecretCall, { id: made.client.id });
    expect(rotated.code).toBe(ErrorCode.OPEN_API_CLIENT_NOT_FOUND);
    const removed = await bravo.run(deleteOpenApiClientCall, { id: made.client.id });
    expect(removed.code).toBe(ErrorCode.OPEN_API_CLIENT_NOT_FOUND);
  });
});

describe('the token call (RFC 6749 client credentials)', () => {
  it('answers a bearer token for an hour with the scopes asked, not cached', async () => {
    const made = await makeClient(acme);
    const answer = await askToken(t.app, {
      grant_type: 'client_credentials',
      client_id: made.client.clientId,
      client_secret: made.secret,
      scope: 'devices:read groups:read',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'devices:read groups:read',
    });
    expect(answer.headers['cache-control']).toBe('no-store');
    const stored = await t.deps.db.selectFrom('open_api_token').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(answer.body.access_token);
  });

  it('takes the credentials by HTTP Basic too', async () => {
    const made = await makeClient(acme);
    const basic = Buffer.from(`${made.client.clientId}:${made.secret}`).toString('base64');
    const answer = await askToken(
      t.app,
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${basic}` },
    );
    expect(answer.status).toBe(200);
    const wrong = Buffer.from(`${made.client.clientId}:nope`).toString('base64');
    const refused = await askToken(
      t.app,
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${wrong}` },
    );
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: 'invalid_client', code: ErrorCode.OPEN_API_INVALID_CLIENT });
    expect(refused.headers['www-authenticate']).toContain('Basic');
  });

  it('answers RFC 6749 errors: invalid_client, invalid_request, unsupported_grant_type, invalid_scope', async () => {
    const made = await makeClient(acme, { scopes: [...OPEN_API_SCOPE_PRESETS.devicesOnly] });
    const id = made.client.clientId;
    const cases: [Record<string, string>, number, string][] = [
      [{ grant_type: 'client_credentials', client_id: id, client_secret: 'wrong' }, 401, 'invalid_client'],
      [
        { grant_type: 'client_credentials', client_id: 'fp_nobody', client_secret: 'x' },
        401,
        'invalid_client',
      ],
      [{ client_id: id, client_secret: made.secret }, 400, 'invalid_request'],
      [{ grant_type: 'password', client_id: id, client_secret: made.secret }, 400, 'unsupported_grant_type'],
      [
        {
          grant_type: 'client_credentials',
          client_id: id,
          client_secret: made.secret,
          scope: 'actions:execute',
        },
        400,
        'invalid_scope',
      ],
    ];
    for (const [fields, status, error] of cases) {
      const answer = await askToken(t.app, fields);
      expect([answer.status, answer.body.error], JSON.stringify(fields)).toEqual([status, error]);
    }
  });
});

describe('tokens die with their client', () => {
  it('an hour after issue (610003)', async () => {
    const token = await tokenFor(t, await makeClient(acme));
    expect((await callApi(t.app, token, 'GET', '/devices')).status).toBe(200);
    t.clock.advance(HOUR);
    acme = await signInAgain(t, acme);
    bravo = await signInAgain(t, bravo);
    const late = await callApi(t.app, token, 'GET', '/devices');
    expect([late.status, late.body.code]).toEqual([401, ErrorCode.OPEN_API_TOKEN_EXPIRED]);
  });

  it('at once when the client is disabled, and no new one is issued', async () => {
    const made = await makeClient(acme);
    const token = await tokenFor(t, made);
    const { id, clientId: _k, previousSecretUntil: _p, createdAt: _c, ...fields } = made.client;
    expect((await acme.run(updateOpenApiClientCall, { ...fields, id, enabled: false })).code).toBe(0);
    const after = await callApi(t.app, token, 'GET', '/devices');
    expect([after.status, after.body.code]).toEqual([401, ErrorCode.OPEN_API_TOKEN_INVALID]);
    const asked = await askToken(t.app, {
      grant_type: 'client_credentials',
      client_id: made.client.clientId,
      client_secret: made.secret,
    });
    expect(asked.status).toBe(401);
  });

  it('at once on rotation; the old secret gets tokens for 24 h more, then not', async () => {
    const made = await makeClient(acme);
    const token = await tokenFor(t, made);
    const rotated = await acme.run(rotateOpenApiSecretCall, { id: made.client.id });
    expect(rotated.code).toBe(0);
    expect(rotated.data!.client.previousSecretUntil).toBe(t.clock.now().getTime() + 24 * HOUR);
    expect((await callApi(t.app, token, 'GET', '/devices')).status).toBe(401);
    await tokenFor(t, made);
    await tokenFor(t, { client: made.client, secret: rotated.data!.clientSecret });
    t.clock.advance(24 * HOUR);
    acme = await signInAgain(t, acme);
    bravo = await signInAgain(t, bravo);
    const old = await askToken(t.app, {
      grant_type: 'client_credentials',
      client_id: made.client.clientId,
      client_secret: made.secret,
    });
    expect(old.status).toBe(401);
  });

  it('at once when the client is deleted', async () => {
    const made = await makeClient(acme);
    const token = await tokenFor(t, made);
    expect((await acme.run(deleteOpenApiClientCall, { id: made.client.id })).code).toBe(0);
    expect((await callApi(t.app, token, 'GET', '/devices')).status).toBe(401);
  });

  it('refuses a call without a token, or with one never issued (610002)', async () => {
    for (const token of [null, 'made-up']) {
      const answer = await callApi(t.app, token, 'GET', '/devices');
      expect([answer.status, answer.body.code]).toEqual([401, ErrorCode.OPEN_API_TOKEN_INVALID]);
      expect(answer.headers['www-authenticate']).toContain('Bearer');
    }
  });
});

describe('scopes, interfaces and reach', () => {
  it('a devices-only token lists the routers and is refused a write (610004)', async () => {
    const token = await tokenFor(
      t,
      await makeClient(acme, { scopes: [...OPEN_API_SCOPE_PRESETS.devicesOnly] }),
    );
    const list = await callApi(t.app, token, 'GET', '/devices');
    expect(list.status).toBe(200);
    expect((list.body.data as { list: { sn: string }[] }).list.map((d) => d.sn).sort()).toEqual([
      'OA0001',
      'OA0002',
    ]);
    const write = await callApi(t.app, token, 'POST', '/devices/OA0001/reboot', {
      body: {},
      headers: { 'idempotency-key': 'k1' },
    });
    expect([write.status, write.body.code]).toEqual([403, ErrorCode.OPEN_API_SCOPE_MISSING]);
    expect(write.body.msg).toBe('The access token lacks the scope actions:execute');
    const groups = await callApi(t.app, token, 'GET', '/groups');
    expect([groups.status, groups.body.code]).toEqual([403, ErrorCode.OPEN_API_SCOPE_MISSING]);
  });

  it('a token asked with fewer scopes than its client has only those', async () => {
    const token = await tokenFor(t, await makeClient(acme), 'tags:read');
    expect((await callApi(t.app, token, 'GET', '/tags')).status).toBe(200);
    expect((await callApi(t.app, token, 'GET', '/devices')).body.code).toBe(ErrorCode.OPEN_API_SCOPE_MISSING);
  });

  it('a client with a chosen list reaches those interfaces only (610005)', async () => {
    const token = await tokenFor(
      t,
      await makeClient(acme, { allInterfaces: false, interfaces: ['devices.list'] }),
    );
    expect((await callApi(t.app, token, 'GET', '/devices')).status).toBe(200);
    const other = await callApi(t.app, token, 'GET', '/devices/OA0001', { headers: { language: 'cn' } });
    expect([other.status, other.body.code]).toEqual([403, ErrorCode.OPEN_API_INTERFACE_NOT_AUTHORISED]);
    expect(other.body.msg).toBe('该客户端未被授权调用devices.get');
  });

  it("company A's token never reaches company B's devices", async () => {
    const token = await tokenFor(t, await makeClient(acme));
    const get = await callApi(t.app, token, 'GET', '/devices/OB0001');
    expect([get.status, get.body.code]).toEqual([404, ErrorCode.DEVICE_NOT_FOUND]);
    const reboot = await callApi(t.app, token, 'POST', '/devices/OB0001/reboot', {
      body: {},
      headers: { 'idempotency-key': 'cross' },
    });
    expect([reboot.status, reboot.body.code]).toEqual([404, ErrorCode.DEVICE_NOT_FOUND]);
    const list = await callApi(t.app, token, 'GET', '/devices', { query: { search: 'OB' } });
    expect((list.body.data as { total: number }).total).toBe(0);
  });

  it("a partner's client reaches its customers' devices, not a sibling tree's", async () => {
    const tree = await partnerTree(t, 'Reach');
    await seedDevices(t, tree.bravo.companyId, [{ sn: 'OT-BRAVO' }]);
    await seedDevices(t, tree.cobalt.companyId, [{ sn: 'OT-COBALT' }]);
    const token = await tokenFor(t, await makeClient(tree.delta));
    const list = await callApi(t.app, token, 'GET', '/devices', { query: { search: 'OT-' } });
    expect((list.body.data as { list: { sn: string }[] }).list.map((d) => d.sn)).toEqual(['OT-BRAVO']);
    expect((await callApi(t.app, token, 'GET', '/devices/OT-COBALT')).status).toBe(404);
  });

  it('the activity log is for administrator clients (610013), and shows its own company only', async () => {
    const plain = await tokenFor(t, await makeClient(acme));
    const refused = await callApi(t.app, plain, 'GET', '/activity');
    expect([refused.status, refused.body.code]).toEqual([403, ErrorCode.OPEN_API_ADMIN_ONLY]);
    await makeClient(bravo, { name: 'Bravo only' });
    const admin = await tokenFor(t, await makeClient(acme, { name: 'Auditor', isAdmin: true }));
    const answer = await callApi(t.app, admin, 'GET', '/activity', { query: { pageSize: '100' } });
    expect(answer.status).toBe(200);
    const objects = (answer.body.data as { list: { callId: string; object: string }[] }).list
      .filter((r) => r.callId === 'openApi.createClient')
      .map((r) => r.object);
    expect(objects).toContain('name=Auditor');
    expect(objects).not.toContain('name=Bravo only');
  });

  it('bad input is 400 with code 1 naming the field; an unknown path is 404 (610012)', async () => {
    const token = await tokenFor(t, await makeClient(acme));
    const bad = await callApi(t.app, token, 'GET', '/devices', { query: { pageSize: '5000' } });
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.PARAMETER_ERROR]);
    expect(bad.body.msg).toContain('pageSize');
    const lost = await callApi(t.app, token, 'GET', '/nothing-here');
    expect([lost.status, lost.body.code]).toEqual([404, ErrorCode.OPEN_API_NOT_FOUND]);
  });
});
