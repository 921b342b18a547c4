import { type AccessRestriction, ErrorCode, ROLE_TYPE } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn, TEST_PASSWORD } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let owner: SignedIn;
let reader: SignedIn;
let companyId: number;
let otherId: number;

// Monday 1 June 2026, 10:00 UTC.
const MONDAY_10 = Date.parse('2026-06-01T10:00:00Z');

const restriction: AccessRestriction = {
  enabled: true,
  startDate: '2026-06-01',
  endDate: '2026-12-31',
  days: [{ day: 'mon', windows: [{ start: '08:00', end: '12:00' }] }],
  roleTypes: [ROLE_TYPE.readOnly],
  holidays: [{ name: 'Founders day', time: '2026-06-08' }],
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(MONDAY_10);
  ({ companyId } = await registerCompany(t, { companyName: 'Tide Tables', account: 'tess@tide.example' }));
  owner = await signIn(t, 'tess@tide.example');
  const roles = await defaultRoles(t, companyId);
  await addUser(owner, { account: 'rudi@tide.example', userName: 'Rudi', roleId: roles.readOnly });
  reader = await signIn(t, 'rudi@tide.example');
  // Rudi also belongs to a company without a restriction.
  ({ companyId: otherId } = await registerCompany(t, {
    companyName: 'Open Waters',
    account: 'rudi@tide.example',
  }));
});
afterAll(async () => {
  await t.close();
});

const save = (who: SignedIn, body: unknown) => who.call('POST', '/pl/company/saveAccessRestriction', body);

describe('access restriction rules', () => {
  it('saves and reads the restriction', async () => {
    expect((await owner.call('GET', '/pl/company/getAccessRestriction')).body.data).toBeNull();
    expect((await save(owner, restriction)).body.code).toBe(0);
    expect((await owner.call('GET', '/pl/company/getAccessRestriction')).body.data).toEqual(restriction);
    expect((await save(owner, { ...restriction, enabled: false })).body.code).toBe(0);
  });

  it('refuses more than two ranges a day, a start after its end, overlaps and duplicate holidays (code 1)', async () => {
    const cases: [Partial<AccessRestriction>, string][] = [
      [
        {
          days: [
            {
              day: 'mon',
              windows: [
                { start: '01:00', end: '02:00' },
                { start: '03:00', end: '04:00' },
                { start: '05:00', end: '06:00' },
              ],
            },
          ],
        },
        'At most 2 time ranges per day',
      ],
      [{ days: [{ day: 'mon', windows: [{ start: '12:00', end: '08:00' }] }] }, 'start time must be earlier'],
      [
        {
          days: [
            {
              day: 'mon',
              windows: [
                { start: '08:00', end: '12:00' },
                { start: '11:00', end: '13:00' },
              ],
            },
          ],
        },
        'can not overlap',
      ],
      [
        {
          holidays: [
            { name: 'A', time: '2026-06-08' },
            { name: 'B', time: '2026-06-08' },
          ],
        },
        'holiday already exists',
      ],
      [{ holidays: [{ name: '', time: '2026-06-08' }] }, 'required'],
      [{ holidays: [{ name: 'Nameless time', time: '' }] }, 'required'],
      [{ roleTypes: [ROLE_TYPE.owner] }, 'cannot be restricted'],
      [{ startDate: '2026-07-01', endDate: '2026-06-01' }, 'start date must not be after'],
    ];
    for (const [change, text] of cases) {
      const res = await save(owner, { ...restriction, ...change });
      expect(res.body.code, text).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.body.msg).toContain(text);
    }
    const cn = await owner.call(
      'POST',
      '/pl/company/saveAccessRestriction',
      { ...restriction, ...cases[2]![0] },
      {
        language: 'cn',
      },
    );
    expect(cn.body.msg).toContain('时间段不能重叠');
  });

  it('answers 6 to a read-only user', async () => {
    expect((await reader.call('GET', '/pl/company/getAccessRestriction')).body.code).toBe(
      ErrorCode.NOT_ADMINISTRATOR,
    );
  });
});

describe('enforcement (14091)', () => {
  it('bars a restricted role at sign-in and on every call, but not the owner', async () => {
    expect((await save(owner, restriction)).body.code).toBe(0);
    // Inside Monday's range: in.
    expect((await reader.call('POST', '/pl/user/getVisitMenus', { pageSize: 999 })).body.code).toBe(0);
    t.clock.set(Date.parse('2026-06-01T12:30:00Z'));
    reader = await signIn(t, 'rudi@tide.example');
    // Rudi's default company is Tide Tables: the window bars it, so sign-in lands in Open Waters.
    const landed = await reader.call<{ companyId: number }>('GET', '/pl/sso/queryUserInfo');
    expect(landed.body.data?.companyId).toBe(otherId);
    const switched = await reader.call('POST', '/pl/sso/switchCompany', { companyId });
    expect(switched.body.code).toBe(ErrorCode.ACCESS_RESTRICTED);
    owner = await signIn(t, 'tess@tide.example');
    expect((await owner.call('POST', '/pl/user/getVisitMenus', { pageSize: 999 })).body.code).toBe(0);
  });

  it('refuses every call of a session bound to the company once the window closes, except the company selection page', async () => {
    t.clock.set(MONDAY_10);
    reader = await signIn(t, 'rudi@tide.example');
    expect((await reader.call('POST', '/pl/sso/switchCompany', { companyId })).body.code).toBe(0);
    t.clock.set(Date.parse('2026-06-01T11:59:00Z'));
    expect((await reader.call('POST', '/pl/user/getVisitMenus', { pageSize: 999 })).body.code).toBe(0);
    t.clock.set(Date.parse('2026-06-01T12:01:00Z'));
    const refused = await reader.call('POST', '/pl/user/getVisitMenus', { pageSize: 999 });
    expect(refused.body.code).toBe(ErrorCode.ACCESS_RESTRICTED);
    expect(refused.body.msg).toBe('Access to this company is restricted at this time');
    expect((await reader.call('GET', '/pl/company/getCompanyAccount')).body.code).toBe(
      ErrorCode.ACCESS_RESTRICTED,
    );
    // The company selection page still works: list, switch away, log out.
    const companies = await reader.call('POST', '/pl/group/getCompanyListByUserIdAndCompanyName', {});
    expect(companies.body.code).toBe(0);
    expect((await reader.call('POST', '/pl/sso/switchCompany', { companyId: otherId })).body.code).toBe(0);
    expect((await reader.call('POST', '/pl/user/getVisitMenus', { pageSize: 999 })).body.code).toBe(0);
  });

  it('bars holidays and other days; lets everyone in once it is disabled', async () => {
    t.clock.set(Date.parse('2026-06-08T10:00:00Z'));
    const holiday = await t.call('POST', '/pl/sso/login', {
      account: 'rudi@tide.example',
      password: TEST_PASSWORD,
    });
    expect(holiday.body.code).toBe(0);
    reader = await signIn(t, 'rudi@tide.example');
    expect((await reader.call('POST', '/pl/sso/switchCompany', { companyId })).body.code).toBe(
      ErrorCode.ACCESS_RESTRICTED,
    );
    owner = await signIn(t, 'tess@tide.example');
    expect((await save(owner, { ...restriction, enabled: false })).body.code).toBe(0);
    expect((await reader.call('POST', '/pl/sso/switchCompany', { companyId })).body.code).toBe(0);
  });

  it('answers 14091 at sign-in when no company of the person is open', async () => {
    t.clock.set(Date.parse('2026-06-02T10:00:00Z'));
    owner = await signIn(t, 'tess@tide.example');
    expect((await save(owner, restriction)).body.code).toBe(0);
    const roles = await defaultRoles(t, companyId);
    await addUser(owner, { account: 'solo@tide.example', userName: 'Solo', roleId: roles.readOnly });
    const res = await t.call('POST', '/pl/sso/login', {
      account: 'solo@tide.example',
      password: TEST_PASSWORD,
    });
    expect(res.body.code).toBe(ErrorCode.ACCESS_RESTRICTED);
  });
});
