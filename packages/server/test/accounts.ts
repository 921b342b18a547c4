import { ErrorCode } from '@fleetport/contract';
import { Secret, TOTP } from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { signTicket } from '../src/platform/auth/ticket.ts';
import type { TestApp } from './helpers.ts';

/**
 * Helpers for API tests that need people: register a company through the real flow (code by mail),
 * sign in, and send signed ticket headers. Issue 4 and 6 tests reuse these.
 */

/** Passes the core §5 rule for any account and user name used in tests. */
export const TEST_PASSWORD = 'Harbour!Light77';

export interface SignedIn {
  ticket: string;
  key: string;
  expiresAt: number;
  /** A fresh signed `ticket` header at the test clock's time (plus `language`). */
  headers(extra?: Record<string, string>): Record<string, string>;
  /** `t.call` with this session's headers. */
  call: TestApp['call'];
}

export function signedHeaders(t: TestApp, ticket: string, key: string): Record<string, string> {
  return { ticket: signTicket(ticket, key, t.clock.now().getTime()) };
}

/**
 * The authenticator app of the people who enrolled while a test signed them in (the Super Admin always
 * has a second factor): their key and the last 30-second step used, per test app.
 */
const authenticators = new WeakMap<TestApp, Map<string, { secret: string; step: number }>>();

type LoginAnswer = {
  ticket?: string;
  key?: string;
  expiresAt?: number;
  challenge?: string;
  enrolment?: { secret: string };
};

/**
 * Answers a second-factor challenge as the person's authenticator app would: enrols with the key the
 * challenge brings, or uses the key kept from that enrolment (moving the test clock to the next step
 * when this one was used, as a person waits for the next code).
 */
async function passSecondFactor(t: TestApp, account: string, answer: LoginAnswer) {
  const apps = authenticators.get(t) ?? new Map<string, { secret: string; step: number }>();
  authenticators.set(t, apps);
  const secret = answer.enrolment?.secret ?? apps.get(account)?.secret;
  if (!secret) throw new Error(`${account} has a second factor this test does not know`);
  let step = Math.floor(t.clock.now().getTime() / 30_000);
  if (apps.get(account)?.step === step) {
    t.clock.advance(30_000);
    step += 1;
  }
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: t.clock.now().getTime() });
  apps.set(account, { secret, step });
  const res = await t.call<LoginAnswer>('POST', '/pl/sso/loginSecondFactor', {
    challenge: answer.challenge,
    code,
  });
  if (res.body.code !== 0 || !res.body.data)
    throw new Error(`second factor of ${account} failed: ${res.body.code} ${res.body.msg}`);
  return res.body.data;
}

/**
 * Signs in and returns the session; throws with the server's message when sign-in fails. A second
 * factor asked for (the Super Admin's, always) is answered by `passSecondFactor`.
 */
export async function signIn(t: TestApp, account: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const res = await t.call<LoginAnswer>('POST', '/pl/sso/login', {
    account,
    password,
  });
  if (res.body.code !== 0 || !res.body.data)
    throw new Error(`sign-in of ${account} failed: ${res.body.code} ${res.body.msg}`);
  const answer = res.body.data.challenge ? await passSecondFactor(t, account, res.body.data) : res.body.data;
  const { ticket, key, expiresAt } = answer as { ticket: string; key: string; expiresAt: number };
  const headers = (extra: Record<string, string> = {}) => ({ ...signedHeaders(t, ticket, key), ...extra });
  return {
    ticket,
    key,
    expiresAt,
    headers,
    call: (method, path, body, extra) => t.call(method, path, body, headers(extra)),
  };
}

/** The last code mailed to an address through the outbox (the default when SMTP_URL is unset). */
export async function outboxCode(t: TestApp, email: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = row && /\b(\d{6})\b/.exec(row.text_body)?.[1];
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

/**
 * Asks for an e-mail code. Codes are limited to one a minute per address, so when a test registers a
 * second company for the same person the helper moves the test clock past the wait instead of failing.
 */
export async function requestEmailCode(t: TestApp, email: string): Promise<void> {
  let res = await t.call('POST', '/pl/user/sendEmailCode', { email });
  if (res.body.code === ErrorCode.CODE_TOO_OFTEN) {
    t.clock.advance((Number(res.body.data) + 1) * 1000);
    res = await t.call('POST', '/pl/user/sendEmailCode', { email });
  }
  if (res.body.code !== 0) throw new Error(`sendEmailCode failed: ${res.body.code} ${res.body.msg}`);
}

export interface RegisterOptions {
  companyName: string;
  /** An e-mail address. */
  account: string;
  userName?: string;
  password?: string;
  /** Where the code is read from; the outbox by default, a TestSmtp's `codeFor` with SMTP. */
  readCode?: (email: string) => Promise<string>;
}

/** Registers a company with its owner through sendEmailCode and /pl/sso/register. */
export async function registerCompany(
  t: TestApp,
  options: RegisterOptions,
): Promise<{ companyId: number; userId: number }> {
  await requestEmailCode(t, options.account);
  const code = await (options.readCode ?? ((email: string) => outboxCode(t, email)))(options.account);
  const password = options.password ?? TEST_PASSWORD;
  const res = await t.call<{ companyId: number; userId: number }>('POST', '/pl/sso/register', {
    companyName: options.companyName,
    account: options.account,
    userName: options.userName ?? 'Test Owner',
    password,
    confirmPassword: password,
    code,
  });
  if (res.body.code !== 0 || !res.body.data)
    throw new Error(`register failed: ${res.body.code} ${res.body.msg}`);
  return res.body.data;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text/plain part (the whole body of a single-part mail). */
  text: string;
  /** The text/html part of a multipart mail. */
  html?: string;
  from: string;
  /** Content ids of the inline images (`<img src="cid:...">`). */
  inlineIds: string[];
  /** The AUTH user the client signed in as, when the server asked for one. */
  authUser?: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** The 6-digit code of the last mail to an address, waiting up to 5 s for it to arrive. */
  codeFor(email: string): Promise<string>;
  close(): Promise<void>;
}

function headersOf(head: string) {
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  return (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

function decodeContent(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

interface MimePart {
  type: string;
  text: string;
  contentId: string;
}

/** The leaf parts of a MIME entity, multipart ones split by their boundary. */
function partsOf(raw: string): MimePart[] {
  const split = raw.indexOf('\r\n\r\n');
  const header = headersOf(split < 0 ? raw : raw.slice(0, split));
  const body = split < 0 ? '' : raw.slice(split + 4);
  const type = header('Content-Type').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => partsOf(chunk.replace(/^\r\n/, '')));
  }
  return [
    {
      type: type.split(';')[0] || 'text/plain',
      text: decodeContent(body, header('Content-Transfer-Encoding').toLowerCase()),
      contentId: header('Content-ID').replace(/[<>]/g, ''),
    },
  ];
}

function decodeBody(raw: string): Omit<ReceivedMail, 'to' | 'authUser'> {
  const split = raw.indexOf('\r\n\r\n');
  const header = headersOf(raw.slice(0, split));
  const decodeWords = (value: string) =>
    value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
  // Encoded-word subjects (=?UTF-8?B?...?= / Q) decode for Chinese mail.
  const subject = decodeWords(header('Subject'));
  const parts = partsOf(raw);
  const html = parts.find((p) => p.type === 'text/html')?.text;
  return {
    subject,
    from: decodeWords(header('From')),
    text: parts.find((p) => p.type === 'text/plain')?.text ?? '',
    ...(html !== undefined ? { html } : {}),
    inlineIds: parts.filter((p) => p.contentId).map((p) => p.contentId),
  };
}

/**
 * A real SMTP server in the test process; pass its `url` as the config's mail.smtpUrl. With `auth`, it
 * asks clients to sign in (plain text, no TLS) and refuses any other user or password.
 */
export async function startTestSmtp(
  options: { auth?: { user: string; pass: string } } = {},
): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const { auth } = options;
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    logger: false,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.pass)
        return callback(null, { user: credentials.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const user = session.user === undefined ? {} : { authUser: String(session.user) };
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...decodeBody(Buffer.concat(chunks).toString('utf8')),
          ...user,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async codeFor(email) {
      const to = email.toLowerCase();
      for (let i = 0; i < 100; i++) {
        const mail = mails.filter((m) => m.to.includes(to)).pop();
        const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail with a code reached ${email}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Gives a member of a company the company's default role of a type (issue 4 will do this through
 * its user management calls); the person's next sign-in carries the role's funCodes.
 */
export async function giveRoleType(t: TestApp, companyId: number, userId: number, roleType: number) {
  const role = await t.deps.db
    .selectFrom('role')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role_type', '=', roleType)
    .where('is_default', '=', true)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .updateTable('company_user')
    .set({ role_id: role.id })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}
