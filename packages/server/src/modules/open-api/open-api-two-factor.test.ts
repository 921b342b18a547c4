import {
  beginTwoFactorCall,
  confirmTwoFactorCall,
  createOpenApiClientCall,
  ErrorCode,
  listOpenApiClientsCall,
  OPEN_API_SCOPES,
  rotateOpenApiSecretCall,
} from '@fleetport/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { askToken, makeClient } from './open-api-test-kit.ts';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await companyOwner(t, 'Cedar Open', 'owner@cedar-open.test');
}, 60_000);
afterAll(() => t?.close());

/** What the owner's authenticator app shows at the test clock's time. */
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });

const tokenOf = (clientId: string, secret: string) =>
  askToken(t.app, { grant_type: 'client_credentials', client_id: clientId, client_secret: secret });

const fields = (name: string) => ({ name, scopes: [...OPEN_API_SCOPES] });

describe("a client's secret asks the creator's second factor (issue 18)", () => {
  let secret = '';
  let clientId = 0;

  it('asks nothing of a creator without two-factor sign-in', async () => {
    const made = await makeClient(owner, { name: 'Before enrolment' });
    clientId = made.client.id;
    expect((await owner.run(rotateOpenApiSecretCall, { id: clientId })).code).toBe(0);
  });

  it('once two-factor is on, creating asks a current code: none (610031), wrong (610022), replayed (610023)', async () => {
    const begun = await owner.run(beginTwoFactorCall, {});
    secret = begun.data!.secret;
    expect((await owner.run(confirmTwoFactorCall, { code: codeAt(secret) })).code).toBe(0);

    const none = await owner.run(createOpenApiClientCall, fields('Billing sync'));
    expect(none.code).toBe(ErrorCode.TWO_FACTOR_CODE_NEEDED);
    expect(none.msg).toBe('Enter the current code from your authenticator app to confirm');
    const noneCn = await owner.run(createOpenApiClientCall, fields('Billing sync'), 'cn');
    expect(noneCn.msg).toBe('请输入身份验证器应用中的当前验证码以确认');

    const wrong = await owner.run(createOpenApiClientCall, {
      ...fields('Billing sync'),
      twoFactorCode: codeAt(secret, 5),
    });
    expect(wrong.code, wrong.msg).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect(wrong.msg).toBe('Wrong code, 2 attempts left');
    // The code that confirmed the enrolment belongs to this very step: a replay.
    const replay = await owner.run(createOpenApiClientCall, {
      ...fields('Billing sync'),
      twoFactorCode: codeAt(secret),
    });
    expect(replay.code).toBe(ErrorCode.TWO_FACTOR_CODE_REUSED);
    expect((await owner.run(listOpenApiClientsCall, {})).data!.map((c) => c.name)).toEqual([
      'Before enrolment',
    ]);

    t.clock.advance(30_000);
    const ok = await owner.run(createOpenApiClientCall, {
      ...fields('Billing sync'),
      twoFactorCode: codeAt(secret),
    });
    expect(ok.code, ok.msg).toBe(0);
    const token = await tokenOf(ok.data!.client.clientId, ok.data!.clientSecret);
    expect(token.status).toBe(200);
  });

  it('rotating asks the same, and the old secret goes on only after a right code', async () => {
    const none = await owner.run(rotateOpenApiSecretCall, { id: clientId });
    expect(none.code).toBe(ErrorCode.TWO_FACTOR_CODE_NEEDED);
    const wrong = await owner.run(rotateOpenApiSecretCall, {
      id: clientId,
      twoFactorCode: codeAt(secret, -7),
    });
    expect(wrong.code, wrong.msg).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    const replay = await owner.run(rotateOpenApiSecretCall, { id: clientId, twoFactorCode: codeAt(secret) });
    expect(replay.code).toBe(ErrorCode.TWO_FACTOR_CODE_REUSED);
    expect(replay.msg).toBe('This code was already used: wait for the next one, 1 attempts left');

    t.clock.advance(30_000);
    const ok = await owner.run(rotateOpenApiSecretCall, { id: clientId, twoFactorCode: codeAt(secret) });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data!.clientSecret.length).toBeGreaterThanOrEqual(40);
    expect((await tokenOf(ok.data!.client.clientId, ok.data!.clientSecret)).status).toBe(200);
  });
});
