import { ErrorCode } from '@fleetport/contract';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerCompany,
  type SignedIn,
  signedHeaders,
  signIn,
  TEST_PASSWORD,
} from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { insertMembership } from '../accounts/accounts.store.ts';

let t: TestApp;
let owner: SignedIn;
let roles: Awaited<ReturnType<typeof defaultRoles>>;
const OWNER = 'ola@northwind.example';

beforeAll(async () => {
  t = await createTestApp();
  const { companyId } = await registerCompany(t, { companyName: 'Northwind Freight', account: OWNER });
  roles = await defaultRoles(t, companyId);
  owner = await signIn(t, OWNER);
});
afterAll(async () => {
  await t.close();
});

/** What the person's authenticator app shows at the test clock's time. */
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: t.clock.now().getTime() + offsetSteps * 30_000,
  });

type Challenge = {
  challenge: string;
  challengeExpiresAt: number;
  enrolment?: { secret: string; qrImage: string };
};
type Session = { ticket: string; key: string; expiresAt: number; recoveryCodes?: string[] };

const password = (account: string) =>
  t.call<Challenge & Partial<Session>>('POST', '/pl/sso/login', { account, password: TEST_PASSWORD });
const second = (body: Record<string, unknown>) => t.call<Session>('POST', '/pl/sso/loginSecondFactor', body);

async function userInfoWith(session: Session) {
  const res = await t.call<{ loginAccount: string }>(
    'GET',
    '/pl/sso/queryUserInfo',
    undefined,
    signedHeaders(t, session.ticket, session.key),
  );
  return res.body;
}

describe('two-factor sign-in (issue 18)', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('enrols on My Account: a QR code and key, a wrong code counts, the right one answers 10 recovery codes', async () => {
    const begun = await owner.call<{ secret: string; otpauthUri: string; qrImage: string }>(
      'POST',
      '/pl/user/twoFactor/begin',
      {},
    );
    expect(begun.body.code).toBe(0);
    secret = begun.body.data!.secret;
    expect(begun.body.data!.otpauthUri).toContain('otpauth://totp/Fleetport:ola%40northwind.example');
    expect(begun.body.data!.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await owner.call('POST', '/pl/user/twoFactor/confirm', { code: codeAt(secret, 5) });
    expect(wrong.body.code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect(wrong.body.msg).toBe('Wrong code, 2 attempts left');

    const ok = await owner.call<{ recoveryCodes: string[] }>('POST', '/pl/user/twoFactor/confirm', {
      code: codeAt(secret),
    });
    expect(ok.body.code).toBe(0);
    recoveryCodes = ok.body.data!.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const status = await owner.call('GET', '/pl/user/twoFactor/status');
    expect(status.body.data).toEqual({ enrolled: true, required: false, recoveryCodesLeft: 10 });
    const again = await owner.call('POST', '/pl/user/twoFactor/begin', {});
    expect(again.body.code).toBe(ErrorCode.TWO_FACTOR_ALREADY_ENROLLED);
  });

  it('keeps the key sealed and the recovery codes hashed', async () => {
    const rows = await t.deps.db.selectFrom('user_second_factor').select('secret_sealed').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secret_sealed).not.toContain(secret);
    const codes = await t.deps.db.selectFrom('user_recovery_code').select('code_hash').execute();
    expect(codes).toHaveLength(10);
    for (const c of codes)
      for (const plain of recoveryCodes) expect(c.code_hash).not.toContain(plain.replace('-', ''));
  });

  it('asks for a code after the password, refuses the step already used, then opens the session', async () => {
    const first = await password(OWNER);
    expect(first.body.code).toBe(0);
    expect(first.body.data!.ticket).toBeUndefined();
    expect(first.body.data!.challengeExpiresAt).toBe(t.clock.now().getTime() + 5 * 60_000);
    expect(first.body.data!.enrolment).toBeUndefined();

    // The code that confirmed the enrolment belongs to this very step: a replay.
    const replay = await second({ challenge: first.body.data!.challenge, code: codeAt(secret) });
    expect(replay.body.code).toBe(ErrorCode.TWO_FACTOR_CODE_REUSED);
    expect(replay.body.msg).toBe('This code was already used: wait for the next one, 2 attempts left');

    t.clock.advance(30_000);
    const ok = await second({ challenge: first.body.data!.challenge, code: codeAt(secret) });
    expect(ok.body.code).toBe(0);
    expect((await userInfoWith(ok.body.data!)).data?.loginAccount).toBe(OWNER);

    // The challenge is single-use, and the same code again is a replay at the next sign-in.
    const used = await second({ challenge: first.body.data!.challenge, code: codeAt(secret, 1) });
    expect(used.body.code).toBe(ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED);
    const next = await password(OWNER);
    const sameCode = await second({ challenge: next.body.data!.challenge, code: codeAt(secret) });
    expect(sameCode.body.code).toBe(ErrorCode.TWO_FACTOR_CODE_REUSED);
    // A code of the next step (clock drift, ±1) is accepted.
    const drift = await second({ challenge: next.body.data!.challenge, code: codeAt(secret, 1) });
    expect(drift.body.code).toBe(0);
  });

  it('accepts each recovery code once', async () => {
    const first = await password(OWNER);
    const ok = await second({
      challenge: first.body.data!.challenge,
      recoveryCode: recoveryCodes[0]!.toUpperCase(),
    });
    expect(ok.body.code).toBe(0);
    expect((await userInfoWith(ok.body.data!)).code).toBe(0);

    const next = await password(OWNER);
    const reuse = await second({ challenge: next.body.data!.challenge, recoveryCode: recoveryCodes[0] });
    expect(reuse.body.code).toBe(ErrorCode.TWO_FACTOR_RECOVERY_CODE_INVALID);
    expect(reuse.body.msg).toBe('The recovery code is wrong or already used, 2 attempts left');
    const other = await second({ challenge: next.body.data!.challenge, recoveryCode: recoveryCodes[1] });
    expect(other.body.code).toBe(0);
    // One session per person: the newest one is the owner's now.
    owner = sessionFrom(other.body.data!);
    expect((await owner.call('GET', '/pl/user/twoFactor/status')).body.data).toMatchObject({
      recoveryCodesLeft: 8,
    });
  });

  it('spends a recovery code only on a challenge it takes: a used or expired challenge keeps the code', async () => {
    const left = async () =>
      Number(
        (
          await t.deps.db
            .selectFrom('user_recovery_code')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await left()).toBe(8);
    // Two requests race with one challenge: one session opens, the other code stays good.
    const first = await password(OWNER);
    const challenge = first.body.data!.challenge;
    const [a, b] = await Promise.all([
      second({ challenge, recoveryCode: recoveryCodes[2] }),
      second({ challenge, recoveryCode: recoveryCodes[3] }),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED]);
    expect(await left()).toBe(7);
    const kept = a.body.code === 0 ? recoveryCodes[3] : recoveryCodes[2];

    // A challenge that ran out does not burn the code either.
    const late = (await password(OWNER)).body.data!.challenge;
    t.clock.advance(5 * 60_000 + 1);
    expect((await second({ challenge: late, recoveryCode: kept })).body.code).toBe(
      ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED,
    );
    expect(await left()).toBe(7);
    // A wrong code leaves the challenge for the next try, and the kept code then signs in.
    const next = (await password(OWNER)).body.data!.challenge;
    expect((await second({ challenge: next, recoveryCode: 'aaaaa-bbbbb' })).body.code).toBe(
      ErrorCode.TWO_FACTOR_RECOVERY_CODE_INVALID,
    );
    const ok = await second({ challenge: next, recoveryCode: kept });
    expect(ok.body.code).toBe(0);
    expect(await left()).toBe(6);
    owner = sessionFrom(ok.body.data!);
  });

  it('refuses bad input naming the field, an expired challenge, and locks at the third wrong code', async () => {
    const first = await password(OWNER);
    const challenge = first.body.data!.challenge;
    const neither = await second({ challenge });
    expect(neither.body.code).toBe(1);
    expect(neither.body.msg).toContain('code');
    expect((await second({ challenge, code: '12ab56' })).body.code).toBe(1);

    t.clock.advance(5 * 60_000 + 1);
    expect((await second({ challenge, code: codeAt(secret) })).body.code).toBe(
      ErrorCode.TWO_FACTOR_CHALLENGE_EXPIRED,
    );

    const fresh = (await password(OWNER)).body.data!.challenge;
    const bad = codeAt(secret, 7);
    expect((await second({ challenge: fresh, code: bad })).body.code).toBe(ErrorCode.TWO_FACTOR_CODE_WRONG);
    expect((await second({ challenge: fresh, code: bad })).body.msg).toBe('Wrong code, 1 attempts left');
    const third = await second({ challenge: fresh, code: bad });
    expect(third.body.code).toBe(ErrorCode.ACCOUNT_LOCKED);
    // Locked: even the right code waits for the lock, and so does the password.
    expect((await second({ challenge: fresh, code: codeAt(secret) })).body.code).toBe(
      ErrorCode.ACCOUNT_LOCKED,
    );
    expect((await password(OWNER)).body.code).toBe(ErrorCode.ACCOUNT_LOCKED);

    // After the lock, a failed sign-in asks for the captcha as a wrong password does; a code then clears it.
    t.clock.advance(30 * 60_000 + 1);
    expect((await password(OWNER)).body.code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    const captcha = (await t.call<{ captchaId: string }>('GET', '/pl/sso/captcha')).body.data!;
    const answer = await t.deps.db
      .selectFrom('captcha')
      .select('answer')
      .where('id', '=', captcha.captchaId)
      .executeTakeFirstOrThrow();
    const withCaptcha = await t.call<Challenge>('POST', '/pl/sso/login', {
      account: OWNER,
      password: TEST_PASSWORD,
      captchaId: captcha.captchaId,
      captcha: answer.answer,
    });
    const ok = await second({ challenge: withCaptcha.body.data!.challenge, code: codeAt(secret) });
    expect(ok.body.code).toBe(0);
    expect((await password(OWNER)).body.data!.challenge).toEqual(expect.any(String));
  });

  it('a policy makes operators enrol at sign-in; they cannot turn it off; an administrator resets it', async () => {
    const operator = 'otto@northwind.example';
    owner = await signInWithCode(OWNER);
    const operatorId = await addUser(owner, { account: operator, roleId: roles.operator });

    const byOperator = await (await signIn(t, operator)).call('POST', '/pl/company/setTwoFactorPolicy', {
      policy: 'everyone',
    });
    expect(byOperator.body.code).toBe(ErrorCode.NO_PERMISSION);
    expect(
      (await owner.call('POST', '/pl/company/setTwoFactorPolicy', { policy: 'sometimes' })).body.code,
    ).toBe(1);
    expect(
      (await owner.call('POST', '/pl/company/setTwoFactorPolicy', { policy: 'everyone' })).body.code,
    ).toBe(0);
    expect((await owner.call('GET', '/pl/company/getTwoFactorPolicy')).body.data).toEqual({
      policy: 'everyone',
    });

    const first = await password(operator);
    const enrolment = first.body.data!.enrolment!;
    expect(enrolment.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(
      (await second({ challenge: first.body.data!.challenge, recoveryCode: 'abcde-fghij' })).body.code,
    ).toBe(ErrorCode.TWO_FACTOR_ENROLMENT_REQUIRED);
    const ok = await second({ challenge: first.body.data!.challenge, code: codeAt(enrolment.secret) });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data!.recoveryCodes).toHaveLength(10);
    const headers = signedHeaders(t, ok.body.data!.ticket, ok.body.data!.key);
    const status = await t.call('GET', '/pl/user/twoFactor/status', undefined, headers);
    expect(status.body.data).toEqual({ enrolled: true, required: true, recoveryCodesLeft: 10 });

    t.clock.advance(30_000);
    const off = await t.call(
      'POST',
      '/pl/user/twoFactor/remove',
      { code: codeAt(enrolment.secret) },
      headers,
    );
    expect(off.body.code).toBe(ErrorCode.TWO_FACTOR_REQUIRED_BY_POLICY);

    // A lost phone: the owner resets the operator's factor; the next sign-in enrols again.
    expect((await owner.call('POST', '/pl/user/twoFactor/resetMember', { userId: 999999 })).body.code).toBe(
      ErrorCode.USER_NOT_FOUND,
    );
    expect(
      (await owner.call('POST', '/pl/user/twoFactor/resetMember', { userId: operatorId })).body.code,
    ).toBe(0);
    const after = await password(operator);
    expect(after.body.data!.enrolment?.secret).not.toBe(enrolment.secret);
  });

  it('removing the factor asks a current code; then the password alone signs in', async () => {
    expect((await owner.call('POST', '/pl/company/setTwoFactorPolicy', { policy: 'off' })).body.code).toBe(0);
    t.clock.advance(30_000);
    const off = await owner.call('POST', '/pl/user/twoFactor/remove', { code: codeAt(secret) });
    expect(off.body.code).toBe(0);
    const plain = await password(OWNER);
    expect(plain.body.data!.ticket).toEqual(expect.any(String));
    // The operator's codes went with the reset, the owner's with the factor.
    expect(await t.deps.db.selectFrom('user_recovery_code').select('user_id').execute()).toHaveLength(0);
  });

  async function signInWithCode(account: string): Promise<SignedIn> {
    t.clock.advance(30_000);
    const first = await password(account);
    const res = await second({ challenge: first.body.data!.challenge, code: codeAt(secret) });
    return sessionFrom(res.body.data!);
  }

  function sessionFrom({ ticket, key, expiresAt }: Session): SignedIn {
    const headers = (extra: Record<string, string> = {}) => ({ ...signedHeaders(t, ticket, key), ...extra });
    return { ticket, key, expiresAt, headers, call: (m, p, b, e) => t.call(m, p, b, headers(e)) };
  }
});

describe('an administrator resets only the factor of a member they may change (issue 18 review)', () => {
  /** Signs in with the password and turns two-factor on through My Account; answers the key. */
  async function enrolled(account: string): Promise<{ userId: number; secret: string }> {
    const session = await signIn(t, account);
    const begun = await session.call<{ secret: string }>('POST', '/pl/user/twoFactor/begin', {});
    const secret = begun.body.data!.secret;
    expect(
      (await session.call('POST', '/pl/user/twoFactor/confirm', { code: codeAt(secret) })).body.code,
    ).toBe(0);
    const row = await t.deps.db
      .selectFrom('app_user')
      .select('id')
      .where('login_account', '=', account)
      .executeTakeFirstOrThrow();
    return { userId: Number(row.id), secret };
  }
  const asksForCode = async (account: string) => {
    const first = await password(account);
    expect(first.body.code).toBe(0);
    return first.body.data!.ticket === undefined && typeof first.body.data!.challenge === 'string';
  };

  it("refuses another company's owner, its own owner and a person shared with another company", async () => {
    const a = await registerCompany(t, { companyName: 'Alder Shipping', account: 'owner@alder.example' });
    const b = await registerCompany(t, { companyName: 'Birch Cargo', account: 'owner@birch.example' });
    const aRoles = await defaultRoles(t, a.companyId);
    const bRoles = await defaultRoles(t, b.companyId);
    const aOwner = await signIn(t, 'owner@alder.example');
    await addUser(aOwner, { account: 'admin@alder.example', roleId: aRoles.administrator });
    await addUser(aOwner, { account: 'op@alder.example', roleId: aRoles.operator });
    await addUser(aOwner, { account: 'shared@alder.example', roleId: aRoles.operator });
    const admin = await signIn(t, 'admin@alder.example');

    const bOwner = await enrolled('owner@birch.example');
    const aOwnerFactor = await enrolled('owner@alder.example');
    const shared = await enrolled('shared@alder.example');
    await insertMembership(t.deps.db, {
      companyId: b.companyId,
      userId: shared.userId,
      roleId: bRoles.administrator,
      isDefault: false,
      isDelete: 1,
    });
    const op = await enrolled('op@alder.example');
    const reset = (userId: number) => admin.call('POST', '/pl/user/twoFactor/resetMember', { userId });

    // Company B's owner is no member of A: not found, as on the users page; B's sign-in still asks a code.
    const other = await reset(bOwner.userId);
    expect(other.body.code).toBe(ErrorCode.USER_NOT_FOUND);
    expect(other.body.msg).toBe('The user does not exist');
    expect(await asksForCode('owner@birch.example')).toBe(true);

    // A's owner (the default user, ranked above the administrator) cannot be changed by the administrator.
    expect((await reset(a.userId)).body.code).toBe(ErrorCode.DEFAULT_USER_FIXED);
    expect(await asksForCode('owner@alder.example')).toBe(true);
    expect(aOwnerFactor.userId).toBe(a.userId);

    // A member of A who also belongs to B keeps the factor B relies on.
    const elsewhere = await reset(shared.userId);
    expect(elsewhere.body.code).toBe(ErrorCode.TWO_FACTOR_MEMBER_ELSEWHERE);
    expect(elsewhere.body.msg).toBe(
      'This person also belongs to another company: only they can turn off their two-factor sign-in',
    );
    expect(await asksForCode('shared@alder.example')).toBe(true);

    // An operator of A only: the reset works and the password alone signs in again.
    expect(op.secret).toEqual(expect.any(String));
    expect((await reset(op.userId)).body.code).toBe(0);
    const after = await password('op@alder.example');
    expect(after.body.data!.ticket).toEqual(expect.any(String));
    expect(
      await t.deps.db
        .selectFrom('user_second_factor')
        .select('user_id')
        .where('user_id', '=', op.userId)
        .execute(),
    ).toHaveLength(0);
  });
});
