import {
  ALERT_EMAIL_TYPES,
  type AlertEmailSetting,
  type AlertEmailSettings,
  type AlertEmailType,
  type CallParsedInput,
  ErrorCode,
  type Lang,
  type SmtpSettings,
  type saveAlertEmailCall,
  type saveSmtpCall,
  type testSmtpCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor, CompanyScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';
import { findCompany } from '../company-account/company-account.store.ts';
import {
  type AlertEmailRow,
  alertEmailRows,
  deleteSmtpRow,
  findSmtp,
  type SmtpRow,
  saveAlertEmailRow,
  saveSmtpRow,
} from './alert-emails.store.ts';
import { platformAddress, type SmtpServer, senderOf, sendThroughSmtp } from './alert-mail.ts';
import { requirePartner } from './notices.service.ts';
import { TEST_MAIL } from './partner-notifications.text.ts';

/**
 * The e-mail notifications page's rules: an alert e-mail per type (subject, sender, support address,
 * banner, on or off) and the partner's own SMTP server, whose password is sealed at rest and never
 * sent back; the test mail really goes through the settings and answers the server's own words.
 */
export type AlertEmailDeps = ModuleDeps<'db' | 'clock' | 'config' | 'files' | 'mailer'>;

const sealOf = ({ db, config }: Pick<AlertEmailDeps, 'db' | 'config'>) =>
  secretSeal(db, config.serverSecret, 'partner-smtp-password');

async function describeSetting(
  deps: AlertEmailDeps,
  scope: CompanyScope,
  type: AlertEmailType,
  row: AlertEmailRow | undefined,
): Promise<AlertEmailSetting> {
  const file = row?.bannerFileId ? await deps.files.find(scope, row.bannerFileId) : undefined;
  return {
    type,
    subject: row?.subject ?? null,
    senderName: row?.senderName ?? null,
    supportEmail: row?.supportEmail ?? null,
    banner: file ? await deps.files.describe(file) : null,
    enabled: row?.enabled ?? false,
  };
}

const smtpView = (row: SmtpRow): SmtpSettings => ({
  senderEmail: row.senderEmail,
  host: row.host,
  port: row.port,
  security: row.security,
  username: row.username,
  passwordSet: row.passwordSealed !== null,
});

export async function alertEmailSettings(deps: AlertEmailDeps, actor: Actor): Promise<AlertEmailSettings> {
  await requirePartner(deps, actor);
  const [rows, smtp] = await Promise.all([
    alertEmailRows(deps.db, actor.scope),
    findSmtp(deps.db, actor.scope),
  ]);
  const types = await Promise.all(
    ALERT_EMAIL_TYPES.map((type) =>
      describeSetting(
        deps,
        actor.scope,
        type,
        rows.find((r) => r.type === type),
      ),
    ),
  );
  return { types, smtp: smtp ? smtpView(smtp) : null };
}

export async function saveAlertEmail(
  deps: AlertEmailDeps,
  actor: Actor,
  input: CallParsedInput<typeof saveAlertEmailCall>,
): Promise<AlertEmailSetting> {
  await requirePartner(deps, actor);
  if (input.bannerFileId !== null) {
    // Only a file the files area checked as a banner (600x235, under 2 MB) of the partner's own.
    const file = await deps.files.find(actor.scope, input.bannerFileId);
    if (file?.kind !== 'emailBanner') throw new AppError(ErrorCode.BANNER_INVALID);
  }
  const row: AlertEmailRow = { ...input };
  await saveAlertEmailRow(deps.db, actor.scope, row, deps.clock.now());
  return describeSetting(deps, actor.scope, input.type, row);
}

/**
 * A company's own SMTP server (partner_smtp): the partner consoles' e-mail notifications page and the
 * notification settings page of every company save it; its alert mail then goes through it.
 */
export type SmtpDeps = Pick<AlertEmailDeps, 'db' | 'clock' | 'config'>;
type SmtpInput = CallParsedInput<typeof saveSmtpCall>;

/** The stored password when the form typed none (the form never shows it). */
async function passwordFor(
  deps: SmtpDeps,
  scope: CompanyScope,
  typed: string | undefined,
): Promise<string | null> {
  if (typed !== undefined) return typed;
  const stored = await findSmtp(deps.db, scope);
  return stored?.passwordSealed ? sealOf(deps).open(stored.passwordSealed) : null;
}

export async function smtpOf(deps: SmtpDeps, scope: CompanyScope): Promise<SmtpSettings | null> {
  const row = await findSmtp(deps.db, scope);
  return row ? smtpView(row) : null;
}

export async function storeSmtp(
  deps: SmtpDeps,
  scope: CompanyScope,
  input: SmtpInput,
): Promise<SmtpSettings> {
  const { password, ...fields } = input;
  const stored = await findSmtp(deps.db, scope);
  const passwordSealed =
    password !== undefined ? await sealOf(deps).seal(password) : (stored?.passwordSealed ?? null);
  const row: SmtpRow = { ...fields, passwordSealed };
  await saveSmtpRow(deps.db, scope, row, deps.clock.now());
  return smtpView(row);
}

export async function forgetSmtp(deps: SmtpDeps, scope: CompanyScope) {
  await deleteSmtpRow(deps.db, scope);
  return null;
}

/** The server's answer in one line, without the credentials nodemailer may echo. */
function smtpFailure(error: unknown, server: SmtpServer): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/\s+/g, ' ').trim().slice(0, 300);
  return server.password ? line.split(server.password).join('***') : line;
}

/** A test mail through the form's settings; 15021 carries the server's own answer. */
export async function trySmtp(
  deps: SmtpDeps,
  scope: CompanyScope,
  input: CallParsedInput<typeof testSmtpCall>,
  lang: Lang,
) {
  const { to, password, senderEmail, ...rest } = input;
  const server: SmtpServer = { ...rest, password: await passwordFor(deps, scope, password) };
  const company = await findCompany(deps.db, scope);
  const mail = renderMail(TEST_MAIL, lang, to, { company: company?.name ?? '' });
  try {
    await sendThroughSmtp(server, { ...mail, from: senderOf(company?.name ?? '', senderEmail) });
  } catch (error) {
    throw new AppError(ErrorCode.TEST_MAIL_FAILED, { reason: smtpFailure(error, server) });
  }
  return null;
}

export async function saveSmtp(deps: AlertEmailDeps, actor: Actor, input: SmtpInput): Promise<SmtpSettings> {
  await requirePartner(deps, actor);
  return storeSmtp(deps, actor.scope, input);
}

export async function clearSmtp(deps: AlertEmailDeps, actor: Actor) {
  await requirePartner(deps, actor);
  return forgetSmtp(deps, actor.scope);
}

export async function sendTestMail(
  deps: AlertEmailDeps,
  actor: Actor,
  input: CallParsedInput<typeof testSmtpCall>,
  lang: Lang,
) {
  await requirePartner(deps, actor);
  return trySmtp(deps, actor.scope, input, lang);
}

/** A partner's alert e-mail of one type, or undefined when it is not saved or not switched on. */
export async function enabledAlertEmail(
  deps: Pick<AlertEmailDeps, 'db'>,
  partner: CompanyScope,
  type: AlertEmailType,
): Promise<AlertEmailRow | undefined> {
  const rows = await alertEmailRows(deps.db, partner);
  return rows.find((r) => r.type === type && r.enabled);
}

/**
 * Sends a partner's alert mail: through its SMTP server when it saved one, else the platform's mailer
 * under the partner's sender name, with the banner inline when there is one.
 */
export async function sendPartnerMail(
  deps: AlertEmailDeps,
  partner: CompanyScope,
  setting: AlertEmailRow,
  message: MailMessage,
): Promise<void> {
  const smtp = await findSmtp(deps.db, partner);
  const banner = setting.bannerFileId ? await deps.files.find(partner, setting.bannerFileId) : undefined;
  const inlineImages = banner ? [await inlineBanner(deps, banner)] : undefined;
  const mail: MailMessage = {
    ...message,
    replyTo: setting.supportEmail,
    ...(inlineImages ? { inlineImages } : {}),
  };
  if (smtp) {
    const password = smtp.passwordSealed ? await sealOf(deps).open(smtp.passwordSealed) : null;
    await sendThroughSmtp(
      { ...smtp, password },
      { ...mail, from: senderOf(setting.senderName, smtp.senderEmail) },
    );
    return;
  }
  await deps.mailer.send({
    ...mail,
    from: senderOf(setting.senderName, platformAddress(deps.config.mail.from)),
  });
}

export const BANNER_CID = 'banner@fleetport';

/** A stored banner as an inline image of a mail, named by BANNER_CID. */
export async function inlineBanner(
  deps: Pick<AlertEmailDeps, 'files'>,
  file: { storeKey: string; name: string; contentType: string; companyId: number },
) {
  const opened = await deps.files.store.open(file.storeKey);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return {
    cid: BANNER_CID,
    filename: file.name,
    content: Buffer.concat(chunks),
    contentType: file.contentType,
  };
}
