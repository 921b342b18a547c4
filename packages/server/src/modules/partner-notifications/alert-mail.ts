import type { SmtpSecurity } from '@fleetport/contract';
import nodemailer from 'nodemailer';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { nodemailerMessage } from '../../platform/mail/mailer.ts';

/**
 * Sending a partner's mail: through its own SMTP server when it saved one, otherwise through the
 * platform's mailer under the partner's sender name.
 */

export interface SmtpServer {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string | null;
}

/** A slow or silent server answers within this, so the "send test mail" button does not hang. */
const SMTP_TIMEOUT_MS = 15_000;

export async function sendThroughSmtp(server: SmtpServer, message: MailMessage & { from: string }) {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(server.username ? { auth: { user: server.username, pass: server.password ?? '' } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail(nodemailerMessage(message));
  } finally {
    transport.close();
  }
}

/** `"Name" <address>`, the name quoted so a comma or angle bracket in it stays part of the name. */
export function senderOf(name: string, address: string): string {
  return `"${name.replace(/["\\\r\n]/g, ' ')}" <${address}>`;
}

/** The address part of MAIL_FROM (`Fleetport <no-reply@…>` or a bare address). */
export function platformAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML of an alert mail: the banner on top, then the text, line breaks kept. */
export function alertHtml(text: string, bannerCid: string | null): string {
  const banner = bannerCid
    ? `<img src="cid:${bannerCid}" width="600" height="235" alt="" style="display:block;max-width:100%"><br>`
    : '';
  return `<div style="font-family:sans-serif;max-width:600px">${banner}${escapeHtml(text).replace(/\n/g, '<br>')}</div>`;
}
