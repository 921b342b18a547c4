import { ErrorCode, errorMessage } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { signTicket } from '../../platform/auth/ticket.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await registerCompany(t, {
    companyName: 'Harbour Logistics',
    account: 'ann@harbour.example',
    userName: 'Ann',
  });
});
afterAll(async () => {
  await t.close();
});

describe('ticket header', () => {
  it('gives 101 without a header and 3 for an unknown ticket', async () => {
    expect((await t.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(ErrorCode.NO_CREDENTIALS);
    const unknown = signTicket('A'.repeat(43), 'f'.repeat(64), t.clock.now().getTime());
    const res = await t.call('GET', '/pl/sso/queryUserInfo', undefined, { ticket: unknown });
    expect(res.body.code).toBe(ErrorCode.SESSION_EXPIRED);
    expect(res.body.msg).toBe(errorMessage(3, 'en'));
  });

  it('refuses a forged signature, a stale time and a header replayed after 5 minutes', async () => {
    const s = await signIn(t, 'ann@harbour.example');
    expect((await s.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
    const forged = signTicket(s.ticket, 'e'.repeat(64), t.clock.now().getTime());
    expect((await t.call('GET', '/pl/sso/queryUserInfo', undefined, { ticket: forged })).body.code).toBe(3);
    const stale = signTicket(s.ticket, s.key, t.clock.now().getTime() - 5 * 60 * 1000 - 1);
    expect((await t.call('GET', '/pl/sso/queryUserInfo', undefined, { ticket: stale })).body.code).toBe(3);
    const captured = s.headers();
    t.clock.advance(4 * 60 * 1000);
    expect((await t.call('GET', '/pl/sso/queryUserInfo', undefined, captured)).body.code).toBe(0);
    t.clock.advance(61 * 1000 + 1);
    expect((await t.call('GET', '/pl/sso/queryUserInfo', undefined, captured)).body.code).toBe(3);
    expect((await s.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
  });

  it('accepts a time at most 1 minute ahead, so a header cannot be signed for later use', async () => {
    const s = await signIn(t, 'ann@harbour.example');
    const now = t.clock.now().getTime();
    const ahead = signTicket(s.ticket, s.key, now + 60 * 1000);
    expect((await t.call('GET', '/pl/sso/queryUserInfo', undefined, { ticket: ahead })).body.code).toBe(0);
    const later = signTicket(s.ticket, s.key, now + 60 * 1000 + 1);
    expect((await t.call('GET', '/pl/sso/queryUserInfo', undefined, { ticket: later })).body.code).toBe(3);
  });

  it('ends the session 4 hours after sign-in with 20', async () => {
    const s = await signIn(t, 'ann@harbour.example');
    t.clock.advance(4 * 3600 * 1000 - 1000);
    expect((await s.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
    t.clock.advance(1000);
    const res = await s.call('GET', '/pl/sso/queryUserInfo');
    expect(res.body.code).toBe(ErrorCode.SESSION_TOO_LONG);
    expect(res.body.msg).toBe('You have been logged in for more than 4 hours and have been logged out');
  });

  it('ends the older session with 14019 when the person signs in elsewhere', async () => {
    const older = await signIn(t, 'ann@harbour.example');
    const newer = await signIn(t, 'ann@harbour.example');
    expect((await older.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(ErrorCode.LOGGED_IN_ELSEWHERE);
    expect((await newer.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(0);
  });

  it('logout ends the session', async () => {
    const s = await signIn(t, 'ann@harbour.example');
    expect((await s.call('POST', '/pl/sso/logout', {})).body.code).toBe(0);
    expect((await s.call('GET', '/pl/sso/queryUserInfo')).body.code).toBe(ErrorCode.SESSION_EXPIRED);
  });
});

describe('who am I', () => {
  it('returns core §3 user info for the owner who registered', async () => {
    const s = await signIn(t, 'ann@harbour.example');
    const res = await s.call<Record<string, unknown>>('GET', '/pl/sso/queryUserInfo');
    expect(res.body.data).toMatchObject({
      userName: 'Ann',
      loginAccount: 'ann@harbour.example',
      roleType: 2,
      roleName: 'Owner',
      companyName: 'Harbour Logistics',
      groupType: 0,
      isDelete: 0,
      initialPwd: 0,
    });
    expect(typeof res.body.data?.rootGroupId).toBe('number');
  });
});

describe('Super Admin', () => {
  it('is created once with a one-time password, has no root group and alone passes /superAdmin calls', async () => {
    const created = await ensureSuperAdmin(t.deps);
    expect(created?.account).toBe('superadmin@fleetport.local');
    expect(await ensureSuperAdmin(t.deps)).toBeNull();
    const admin = await signIn(t, created!.account, created!.password);
    const info = await admin.call<Record<string, unknown>>('GET', '/pl/sso/queryUserInfo');
    expect(info.body.data).toMatchObject({ userName: 'Super Admin', initialPwd: 1, companyId: null });
    expect(info.body.data).not.toHaveProperty('rootGroupId');
    const notice = {
      messageEn: 'Upgrade tonight',
      messageCn: '今晚升级',
      startTime: t.clock.now().getTime(),
      endTime: t.clock.now().getTime() + 3600_000,
    };
    expect((await admin.call('POST', '/pl/maintenance/saveMaintenance', notice)).body.code).toBe(0);
    const owner = await signIn(t, 'ann@harbour.example');
    expect((await owner.call('POST', '/pl/maintenance/saveMaintenance', notice)).body.code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    // Changing the one-time password clears the flag.
    const changed = await admin.call('POST', '/pl/user/updatePassword', {
      oldPassword: created!.password,
      password: 'Quiet#Harbour2026',
      confirmPassword: 'Quiet#Harbour2026',
    });
    expect(changed.body.code).toBe(0);
    expect(
      (await admin.call<{ initialPwd: number }>('GET', '/pl/sso/queryUserInfo')).body.data?.initialPwd,
    ).toBe(0);
    // The console knows the Super Admin by its name, so it cannot be renamed.
    const rename = await admin.call('POST', '/pl/user/updateMyAccount', { userName: 'Root' });
    expect(rename.body.code).toBe(ErrorCode.NO_PERMISSION);
  });
});
