import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registerCompany,
  type SignedIn,
  signIn,
  startTestSmtp,
  TEST_PASSWORD,
  type TestSmtp,
} from '../../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { defaultRoles } from '../../../test/people.ts';

let t: TestApp;
let smtp: TestSmtp;
let owner: SignedIn;
let companyId: number;
let roles: Awaited<ReturnType<typeof defaultRoles>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  const base = testConfig();
  t = await createTestApp({ config: { ...base, mail: { ...base.mail, smtpUrl: smtp.url } } });
  const readCode = (email: string) => smtp.codeFor(email);
  ({ companyId } = await registerCompany(t, {
    companyName: 'Quay Logistics',
    account: 'quinn@quay.example',
    userName: 'Quinn',
    readCode,
  }));
  roles = await defaultRoles(t, companyId);
  owner = await signIn(t, 'quinn@quay.example');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The token of the last invitation link mailed to an address, waiting for the mail to arrive. */
async function invitationToken(email: string): Promise<{ token: string; text: string; subject: string }> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.mails.filter((m) => m.to.includes(email)).pop();
    const token = mail && /\/emailToLogin\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (mail && token) return { token, text: mail.text, subject: mail.subject };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no invitation reached ${email}`);
}

const invite = (email: string, roleId: number, lang = 'en') =>
  owner.call<{ invitationId: number }>('POST', '/pl/user/inviteUser', { email, roleId }, { language: lang });

describe('invitations by e-mail', () => {
  it('mails a link to /emailToLogin; a person without an account accepts by choosing a password', async () => {
    expect((await invite('Nina@Newcomer.example', roles.operator)).body.code).toBe(0);
    const { token, text, subject } = await invitationToken('nina@newcomer.example');
    expect(subject).toBe('Quinn invites you to join Quay Logistics');
    expect(text).toContain(`/rcms/emailToLogin?token=${token}`);
    const view = await t.call('POST', '/pl/invitation/getInvitation', { token });
    expect(view.body.data).toMatchObject({
      companyName: 'Quay Logistics',
      email: 'nina@newcomer.example',
      roleName: 'Operator',
      state: 'pending',
      hasAccount: false,
    });
    const pending = await owner.call<{ list: { email: string; state: string }[] }>(
      'POST',
      '/pl/user/getInvitationList',
      {},
    );
    expect(pending.body.data?.list[0]).toMatchObject({ email: 'nina@newcomer.example', state: 'pending' });

    const noPassword = await t.call('POST', '/pl/invitation/acceptInvitation', { token });
    expect(noPassword.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    const accepted = await t.call('POST', '/pl/invitation/acceptInvitation', {
      token,
      userName: 'Nina',
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(accepted.body).toMatchObject({ code: 0, data: { companyId, accountCreated: true } });
    const nina = await signIn(t, 'nina@newcomer.example');
    const info = await nina.call<{ companyName: string; roleType: number; initialPwd: number }>(
      'GET',
      '/pl/sso/queryUserInfo',
    );
    expect(info.body.data).toMatchObject({ companyName: 'Quay Logistics', roleType: 1, initialPwd: 0 });

    expect((await t.call('POST', '/pl/invitation/acceptInvitation', { token })).body.code).toBe(
      ErrorCode.INVITATION_ACCEPTED,
    );
    const after = await owner.call<{ list: { email: string; state: string }[] }>(
      'POST',
      '/pl/user/getInvitationList',
      {},
    );
    expect(after.body.data?.list[0]).toMatchObject({ email: 'nina@newcomer.example', state: 'accepted' });
  });

  it('lets a person with an account join with the link alone, keeping their own default company', async () => {
    await registerCompany(t, {
      companyName: 'Pier Ten',
      account: 'pat@pier.example',
      readCode: (email) => smtp.codeFor(email),
    });
    expect((await invite('pat@pier.example', roles.readOnly, 'cn')).body.code).toBe(0);
    const { token, text } = await invitationToken('pat@pier.example');
    expect(text).toContain('Quinn 邀请您以“Read only”角色加入 Quay Logistics');
    const view = await t.call<{ hasAccount: boolean }>('POST', '/pl/invitation/getInvitation', { token });
    expect(view.body.data?.hasAccount).toBe(true);
    const accepted = await t.call('POST', '/pl/invitation/acceptInvitation', { token });
    expect(accepted.body).toMatchObject({ code: 0, data: { accountCreated: false } });
    const pat = await signIn(t, 'pat@pier.example');
    const companies = await pat.call<{ list: { companyName: string; defaultAccount: boolean }[] }>(
      'POST',
      '/pl/group/getCompanyListByUserIdAndCompanyName',
      {},
    );
    expect(companies.body.data?.list.map((c) => [c.companyName, c.defaultAccount])).toEqual([
      ['Pier Ten', true],
      ['Quay Logistics', false],
    ]);
    expect((await invite('pat@pier.example', roles.operator)).body.code).toBe(ErrorCode.USER_ALREADY_MEMBER);
  });

  it('removes a refused invitation: its link then answers 700008', async () => {
    expect((await invite('rex@refuser.example', roles.operator)).body.code).toBe(0);
    const { token } = await invitationToken('rex@refuser.example');
    expect((await t.call('POST', '/pl/invitation/refuseInvitation', { token })).body.code).toBe(0);
    expect((await t.call('POST', '/pl/invitation/getInvitation', { token })).body.code).toBe(
      ErrorCode.INVITATION_NOT_FOUND,
    );
    expect(
      (
        await t.call('POST', '/pl/invitation/acceptInvitation', {
          token,
          userName: 'Rex',
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
        })
      ).body.code,
    ).toBe(ErrorCode.INVITATION_NOT_FOUND);
  });

  it('lets links expire after 7 days', async () => {
    expect((await invite('late@slow.example', roles.operator)).body.code).toBe(0);
    const { token } = await invitationToken('late@slow.example');
    t.clock.advance(7 * 86_400_000 + 1000);
    expect((await t.call('POST', '/pl/invitation/getInvitation', { token })).body.code).toBe(
      ErrorCode.INVITATION_NOT_FOUND,
    );
    owner = await signIn(t, 'quinn@quay.example');
  });

  it('refuses a person who may not join another company: 14050 where one company per account is configured, 14049 at 100', async () => {
    const { userId } = await registerCompany(t, {
      companyName: 'Solo Ltd',
      account: 'sol@solo.example',
      readCode: (email) => smtp.codeFor(email),
    });
    // Invited while allowed, then the deployment turns one-company-per-account on: accepting is refused.
    expect((await invite('sol@solo.example', roles.operator)).body.code).toBe(0);
    const { token } = await invitationToken('sol@solo.example');
    await t.deps.db
      .insertInto('app_setting')
      .values({ key: 'oneCompanyPerAccount', value: 'true' })
      .execute();
    expect((await t.call('POST', '/pl/invitation/acceptInvitation', { token })).body.code).toBe(
      ErrorCode.ONE_COMPANY_PER_ACCOUNT,
    );
    expect((await invite('sol@solo.example', roles.operator)).body.code).toBe(
      ErrorCode.ONE_COMPANY_PER_ACCOUNT,
    );
    await t.deps.db.deleteFrom('app_setting').where('key', '=', 'oneCompanyPerAccount').execute();

    // 99 more companies make 100: the next invitation is refused.
    for (let i = 0; i < 99; i++) {
      const company = await t.deps.db
        .insertInto('company')
        .values({ name: `Filler ${i}`, type: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const role = await t.deps.db
        .insertInto('role')
        .values({ company_id: company.id, name: 'Read only', role_type: 0, fun_codes: '[]' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.deps.db
        .insertInto('company_user')
        .values({ company_id: company.id, user_id: userId, role_id: role.id })
        .execute();
    }
    expect((await invite('sol@solo.example', roles.operator)).body.code).toBe(ErrorCode.COMPANY_LIMIT);
  });
});
