import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ALERT_MAILS_PER_HOUR,
  type AlertRule,
  errorMessage,
  formatBytes,
  interpolate,
  isLang,
  type Lang,
  type NotificationCategory,
} from '@fleetport/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { serverSecret } from '../../platform/files/signed-links.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';
import { findRule } from '../alerts/alert-rules.store.ts';
import { eventsAfter, type LoggedEvent } from '../alerts/event-log.store.ts';
import { displayedMailBanner } from '../branding/branding.service.ts';
import { findCompany } from '../company-account/company-account.store.ts';
import { BANNER_CID, inlineBanner } from '../partner-notifications/alert-emails.service.ts';
import { findSmtp } from '../partner-notifications/alert-emails.store.ts';
import { alertHtml, senderOf, sendThroughSmtp } from '../partner-notifications/alert-mail.ts';
import { companyAdmins } from './admin-notes.ts';
import { advanceChannel, channelCursor } from './channel-cursors.store.ts';
import { switchedOff } from './notification-choices.store.ts';
import {
  ALERT_DIGEST_MAIL,
  ALERT_LEVEL_WORDS,
  ALERT_MAIL_BODY,
  ALERT_MAIL_SUBJECTS,
  ALERT_STATE_WORDS,
  REPORT_READY_MAIL,
  VPN_GROUP_DATA_EXHAUSTED_MAIL,
  VPN_GROUP_DATA_LOW_MAIL,
  VPN_GROUP_EXHAUSTED_STATE,
  VPN_NEXT_CYCLE,
  WEBHOOK_FAILING_MAIL,
} from './notifications.text.ts';

/**
 * The e-mail channel (docs/decisions.md "Notification channels"): a job reads the company's events
 * after the channel's cursor and mails the alert messages (`alert.firing`, `alert.resolved`,
 * `alert.flapping`: already one per rule and 30 s group) to the rule's receivers, `webhook.failing`
 * to the administrators and `report.ready` to the person the report run belongs to, each in the language of their last sign-in. A company mails at most
 * ALERT_MAILS_PER_HOUR messages an hour; later ones of the hour wait, and when the hour is over each
 * receiver gets one digest listing them. Mail goes through the company's own SMTP server when it saved
 * one, else the platform's (SMTP_URL, or the outbox). A person who switched e-mail off for a message's
 * category and level (their notification choices) is left out of it and of the digest's lines of it.
 */

export type EmailDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'files'>;

interface Receiver {
  userId: number;
  to: string;
  lang: Lang;
}

/** A message past the hourly cap, kept for the hour's digest. */
interface HeldLine {
  userId: number;
  to: string;
  lang: Lang;
  line: string;
  /** What the message is, so the digest honours a choice made after it was held (older lines: none). */
  category?: NotificationCategory;
  level?: string | null;
}

const HOUR_MS = 3_600_000;
const DEVICE_LINES_MAX = 200;
const EVENTS_PER_RUN = 200;
const MAIL_EVENTS = new Set([
  'alert.firing',
  'alert.resolved',
  'alert.flapping',
  'webhook.failing',
  'report.ready',
  'vpn.dataLow',
  'vpn.dataExhausted',
]);

/** Enabled members of the company with an e-mail address who did not unsubscribe. */
async function mailableMembers(db: DbOrTx, companyId: number) {
  const rows = await db
    .selectFrom('company_user as cu')
    .innerJoin('app_user as u', 'u.id', 'cu.user_id')
    .leftJoin('mail_opt_out as o', (j) =>
      j.onRef('o.user_id', '=', 'cu.user_id').onRef('o.company_id', '=', 'cu.company_id'),
    )
    .select(['u.id', 'u.login_account', 'u.language', 'cu.role_id'])
    .where('cu.company_id', '=', companyId)
    .where('cu.status', '=', 1)
    .where('o.user_id', 'is', null)
    .where('u.login_account', 'like', '%@%')
    .orderBy('u.id', 'asc')
    .execute();
  return rows.map((r) => ({
    userId: Number(r.id),
    to: r.login_account,
    lang: isLang(r.language) ? r.language : ('en' as const),
    roleId: Number(r.role_id),
  }));
}

async function receiversOfRule(
  db: DbOrTx,
  companyId: number,
  email: AlertRule['email'],
): Promise<Receiver[]> {
  if (!email.enabled) return [];
  const members = await mailableMembers(db, companyId);
  const chosen =
    email.receivers === 'allUsers'
      ? members
      : email.receivers === 'byRole'
        ? members.filter((m) => email.roleIds.includes(m.roleId))
        : members.filter((m) => email.userIds.includes(m.userId));
  return chosen.map(({ userId, to, lang }) => ({ userId, to, lang }));
}

/** The signed token of a person's unsubscribe link for one company's alert mail. */
export async function unsubscribeToken(
  deps: Pick<EmailDeps, 'db' | 'config'>,
  userId: number,
  companyId: number,
) {
  const secret = await serverSecret(deps.db, deps.config.serverSecret)();
  const body = `${userId}.${companyId}`;
  return `${body}.${createHmac('sha256', `unsubscribe:${secret}`).update(body).digest('base64url')}`;
}

/** The person and company a token names, or null when it was not made by this server. */
export async function readUnsubscribeToken(
  deps: Pick<EmailDeps, 'db' | 'config'>,
  token: string,
): Promise<{ userId: number; companyId: number } | null> {
  const [user, company, mac] = token.split('.');
  const userId = Number(user);
  const companyId = Number(company);
  if (
    !mac ||
    !Number.isSafeInteger(userId) ||
    !Number.isSafeInteger(companyId) ||
    userId <= 0 ||
    companyId <= 0
  )
    return null;
  const expected = Buffer.from((await unsubscribeToken(deps, userId, companyId)).split('.')[2] ?? '');
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, companyId } : null;
}

export function unsubscribeUrl(config: EmailDeps['config'], token: string) {
  return `${config.publicUrl}${config.apiPrefix}/pl/notification/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * RFC 2369's header, and RFC 8058's: mail clients show an unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the same URL (notifications.unsubscribeOneClick), no page to open.
 */
function withUnsubscribe(mail: MailMessage, url: string): MailMessage {
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

type InlineImage = NonNullable<MailMessage['inlineImages']>[number];

/**
 * The e-mail banner of the OEM settings the company's consoles show (its own or its partner's), as an
 * inline image, read at most once however many mails a run sends.
 */
function companyBanner(deps: EmailDeps, companyId: number): () => Promise<InlineImage | null> {
  let read: Promise<InlineImage | null> | undefined;
  return () =>
    (read ??= displayedMailBanner(deps, companyId).then((file) => (file ? inlineBanner(deps, file) : null)));
}

/**
 * Through the company's own SMTP server when it saved one, else the platform's mailer; headed by the
 * company's e-mail banner (`banner`: a run sending many mails reads it once).
 */
export async function sendCompanyMail(
  deps: EmailDeps,
  companyId: number,
  plain: MailMessage,
  banner = companyBanner(deps, companyId),
) {
  const image = await banner();
  const mail: MailMessage = image
    ? { ...plain, html: alertHtml(plain.text, BANNER_CID), inlineImages: [image] }
    : plain;
  const scope = companyScope(companyId);
  const smtp = await findSmtp(deps.db, scope);
  if (!smtp) return deps.mailer.send(mail);
  const seal = secretSeal(deps.db, deps.config.serverSecret, 'partner-smtp-password');
  const password = smtp.passwordSealed ? await seal.open(smtp.passwordSealed) : null;
  const company = await findCompany(deps.db, scope);
  await sendThroughSmtp(
    { ...smtp, password },
    { ...mail, from: senderOf(company?.name ?? '', smtp.senderEmail) },
  );
}

interface Message {
  /** The notification choice it answers to (docs/decisions.md "Notification choices"). */
  category: NotificationCategory;
  level: string | null;
  receivers: Receiver[];
  render(r: Receiver, unsubscribe: string): MailMessage;
  /** The message in one line, for the digest. */
  line(lang: Lang): string;
}

const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

async function messageOf(
  db: DbOrTx,
  config: EmailDeps['config'],
  companyId: number,
  event: LoggedEvent,
): Promise<Message | null> {
  const p = event.payload;
  if (event.type === 'report.ready') {
    // To the person the run belongs to (who generated it; a scheduled run: the report's creator).
    const member = (await mailableMembers(db, companyId)).find((m) => m.userId === Number(p.userId));
    const vars = {
      report: String(p.reportName),
      file: String(p.fileName),
      link: `${config.publicUrl}${config.basePath}robustlink/customReports`,
    };
    return {
      category: 'reports',
      level: null,
      receivers: member ? [{ userId: member.userId, to: member.to, lang: member.lang }] : [],
      render: (r, unsubscribe) => renderMail(REPORT_READY_MAIL, r.lang, r.to, { ...vars, unsubscribe }),
      line: (lang) => `${utc(event.createdAt)}  ${interpolate(REPORT_READY_MAIL.subject[lang], vars)}`,
    };
  }
  if (event.type === 'vpn.dataLow' || event.type === 'vpn.dataExhausted')
    return vpnLimitMessage(db, config, companyId, event);
  if (event.type === 'webhook.failing') {
    const admins = await companyAdmins(db, companyId);
    const vars = {
      url: String(p.url),
      error: String(p.lastError),
      since: utc(new Date(String(p.failingSince))),
    };
    return {
      category: 'webhooks',
      level: null,
      receivers: admins
        .filter((a) => a.account.includes('@'))
        .map((a) => ({ userId: a.userId, to: a.account, lang: a.lang })),
      render: (r) => renderMail(WEBHOOK_FAILING_MAIL, r.lang, r.to, vars),
      line: (lang) => interpolate(WEBHOOK_FAILING_MAIL.subject[lang], vars),
    };
  }
  const rule = await findRule(db, companyScope(companyId), Number(p.ruleId));
  if (!rule) return null;
  const devices = (p.devices as { sn: string; name: string }[] | undefined) ?? [];
  const vars = (lang: Lang) => ({
    rule: String(p.ruleName ?? rule.name),
    level: ALERT_LEVEL_WORDS[String(p.level)]?.[lang] ?? String(p.level),
    count: devices.length,
  });
  const subject = ALERT_MAIL_SUBJECTS[event.type] as NonNullable<(typeof ALERT_MAIL_SUBJECTS)[string]>;
  const deviceLines = devices
    .slice(0, DEVICE_LINES_MAX)
    .map((d) => `- ${d.name ? `${d.name} (${d.sn})` : d.sn}`)
    .concat(devices.length > DEVICE_LINES_MAX ? [`… +${devices.length - DEVICE_LINES_MAX}`] : [])
    .join('\n');
  return {
    category: 'alerts',
    level: String(p.level),
    receivers: await receiversOfRule(db, companyId, rule.email),
    render: (r, unsubscribe) =>
      renderMail({ subject, body: ALERT_MAIL_BODY }, r.lang, r.to, {
        ...vars(r.lang),
        state: ALERT_STATE_WORDS[event.type]?.[r.lang] ?? event.type,
        at: utc(event.createdAt),
        devices: deviceLines,
        unsubscribe,
      }),
    line: (lang) => `${utc(event.createdAt)}  ${interpolate(subject[lang], vars(lang))}`,
  };
}

/**
 * A VPN group's data limit warning (modules/vpn/limit-notices.ts), the e-mail notification types "VPN
 * data low" (80 %) and "VPN data exhausted" (100 %): to the company's administrators who did not
 * unsubscribe, each in their language, with what happens to the group's tunnels.
 */
async function vpnLimitMessage(
  db: DbOrTx,
  config: EmailDeps['config'],
  companyId: number,
  event: LoggedEvent,
): Promise<Message> {
  const p = event.payload;
  const mailable = new Set((await mailableMembers(db, companyId)).map((m) => m.userId));
  const receivers = (await companyAdmins(db, companyId))
    .filter((a) => mailable.has(a.userId))
    .map((a) => ({ userId: a.userId, to: a.account, lang: a.lang }));
  const text = event.type === 'vpn.dataLow' ? VPN_GROUP_DATA_LOW_MAIL : VPN_GROUP_DATA_EXHAUSTED_MAIL;
  const code = typeof p.code === 'number' ? p.code : null;
  const vars = (lang: Lang) => {
    const next =
      typeof p.cycleEnd === 'number'
        ? interpolate(VPN_NEXT_CYCLE[lang], { at: utc(new Date(p.cycleEnd)) })
        : '';
    return {
      group: String(p.vpnGroupName),
      percent: Number(p.percent),
      used: formatBytes(Number(p.usedBytes)),
      limit: formatBytes(Number(p.limitBytes)),
      next,
      state: interpolate(VPN_GROUP_EXHAUSTED_STATE[code === null ? 'pool' : 'refused'][lang], {
        code: code ?? '',
        message: code === null ? '' : errorMessage(code, lang),
        next,
        remaining: formatBytes(Number(p.poolRemainingBytes ?? 0)),
      }),
      link: `${config.publicUrl}${config.basePath}vpn/group/${Number(p.vpnGroupId)}`,
    };
  };
  return {
    category: 'vpnData',
    level: null,
    receivers,
    render: (r, unsubscribe) => renderMail(text, r.lang, r.to, { ...vars(r.lang), unsubscribe }),
    line: (lang) => `${utc(event.createdAt)}  ${interpolate(text.subject[lang], vars(lang))}`,
  };
}

/** Counts one message against its hour's cap; answers whether it may be mailed now. */
async function takeFromCap(tx: DbOrTx, companyId: number, hour: Date): Promise<boolean> {
  const { rows } = await sql<{ sent: number }>`insert into mail_hour (company_id, hour, sent)
      values (${companyId}, ${hour}, 1)
      on conflict (company_id, hour) do update set sent = mail_hour.sent + 1
      returning sent`.execute(tx);
  return Number(rows[0]?.sent) <= ALERT_MAILS_PER_HOUR;
}

async function hold(tx: DbOrTx, companyId: number, hour: Date, lines: HeldLine[]) {
  await sql`update mail_hour set held = held || ${JSON.stringify(lines)}::jsonb
      where company_id = ${companyId} and hour = ${hour}`.execute(tx);
}

/** The job of a company's e-mail channel. */
export async function deliverEmailChannel(
  deps: EmailDeps,
  ctx: JobContext<{ companyId: number; channel: string }>,
): Promise<void> {
  const { companyId, channel } = ctx.payload;
  const after = await channelCursor(deps.db, companyId, channel);
  const banner = companyBanner(deps, companyId);
  const events = await eventsAfter(deps.db, companyId, after, EVENTS_PER_RUN);
  // Who switched e-mail off for which category and level, read once per run.
  const off = events.length ? await switchedOff(deps.db, companyId, 'email') : null;
  for (const event of events) {
    if (ctx.signal.aborted) throw new Error('mail delivery aborted');
    const found = MAIL_EVENTS.has(event.type)
      ? await messageOf(deps.db, deps.config, companyId, event)
      : null;
    const message = found && {
      ...found,
      receivers: found.receivers.filter((r) => !off?.muted(r.userId, found.category, found.level)),
    };
    if (message?.receivers.length) {
      const hour = new Date(Math.floor(event.createdAt.getTime() / HOUR_MS) * HOUR_MS);
      const now = deps.clock.now();
      // Past the cap the message waits for the digest; the cursor moves in the same transaction.
      const held = await inTransaction(deps.db, async (tx) => {
        if (await takeFromCap(tx, companyId, hour)) return false;
        await hold(
          tx,
          companyId,
          hour,
          message.receivers.map((r) => ({
            ...r,
            line: message.line(r.lang),
            category: message.category,
            level: message.level,
          })),
        );
        await advanceChannel(tx, companyId, channel, event.cursor, now);
        return true;
      });
      if (held) continue;
      for (const r of message.receivers) {
        const url = unsubscribeUrl(deps.config, await unsubscribeToken(deps, r.userId, companyId));
        await sendCompanyMail(deps, companyId, withUnsubscribe(message.render(r, url), url), banner);
      }
    }
    await advanceChannel(deps.db, companyId, channel, event.cursor, deps.clock.now());
  }
}

export const ALERT_DIGEST_JOB = 'notifications.alertDigest';

/** Hours that are over with messages held: each gets its digest job (once, under the row's lock). */
export async function startDueDigests(db: Db, now: Date) {
  const due = await db
    .selectFrom('mail_hour')
    .select(['company_id', 'hour'])
    .where('hour', '<=', new Date(now.getTime() - HOUR_MS))
    .where('digest_job_id', 'is', null)
    .where(sql<boolean>`held <> '[]'::jsonb`)
    .execute();
  for (const row of due) {
    await inTransaction(db, async (tx) => {
      const hour = new Date(row.hour);
      const { id } = await enqueueJob(tx, {
        kind: ALERT_DIGEST_JOB,
        payload: { companyId: Number(row.company_id), hour: hour.toISOString() },
        idempotencyKey: `${row.company_id}:${hour.toISOString()}`,
        runAt: now,
      });
      await tx
        .updateTable('mail_hour')
        .set({ digest_job_id: id })
        .where('company_id', '=', Number(row.company_id))
        .where('hour', '=', hour)
        .execute();
    });
  }
}

/** The hour's one digest per receiver. */
export async function sendDigest(deps: EmailDeps, ctx: JobContext<{ companyId: number; hour: string }>) {
  const { companyId } = ctx.payload;
  const hour = new Date(ctx.payload.hour);
  const row = await deps.db
    .selectFrom('mail_hour')
    .select('held')
    .where('company_id', '=', companyId)
    .where('hour', '=', hour)
    .executeTakeFirst();
  const kept = ((typeof row?.held === 'string' ? JSON.parse(row.held) : row?.held) ?? []) as HeldLine[];
  // A person who switched e-mail off for a line's category and level since it was held gets no line of it.
  const off = await switchedOff(deps.db, companyId, 'email');
  const held = kept.filter((l) => !l.category || !off.muted(l.userId, l.category, l.level ?? null));
  const banner = companyBanner(deps, companyId);
  const byReceiver = new Map<string, HeldLine[]>();
  for (const line of held) byReceiver.set(line.to, [...(byReceiver.get(line.to) ?? []), line]);
  for (const [to, lines] of byReceiver) {
    const first = lines[0] as HeldLine;
    const url = unsubscribeUrl(deps.config, await unsubscribeToken(deps, first.userId, companyId));
    const mail = renderMail(ALERT_DIGEST_MAIL, first.lang, to, {
      count: lines.length,
      hour: utc(hour),
      lines: lines.map((l) => l.line).join('\n'),
      unsubscribe: url,
    });
    await sendCompanyMail(deps, companyId, withUnsubscribe(mail, url), banner);
  }
}

/** Unsubscribes a person from a company's alert mail (their own choice, from the mail's link). */
export async function optOut(db: DbOrTx, userId: number, companyId: number, now: Date) {
  await db
    .insertInto('mail_opt_out')
    .values({ user_id: userId, company_id: companyId, at: now })
    .onConflict((oc) => oc.columns(['user_id', 'company_id']).doNothing())
    .execute();
}
