import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.ts';
import type { Db } from '../db/open.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `"Name" <address>`; the configured MAIL_FROM when absent. */
  from?: string;
  replyTo?: string;
  /** Extra header lines (`List-Unsubscribe` of notification mail). */
  headers?: Record<string, string>;
  /** Images the HTML shows by `cid:` (a partner's alert banner). */
  inlineImages?: { cid: string; filename: string; content: Buffer; contentType: string }[];
}

/** The message as nodemailer takes it: inline images become attachments named by their cid. */
export function nodemailerMessage(message: MailMessage) {
  const { inlineImages, ...rest } = message;
  return inlineImages?.length ? { ...rest, attachments: inlineImages } : rest;
}

/** Sends mail. Services depend on this, not on SMTP, so tests and the embedded default swap it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Over SMTP (SMTP_URL): any relay, or the test suite's in-process server. */
export function smtpMailer(config: MailConfig & { smtpUrl: string }): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: config.from, ...nodemailerMessage(message) });
    },
    close: () => transport.close(),
  };
}

/**
 * The embedded default: the message is kept in the outbox table and written to the log, so a single
 * machine without a relay still shows an operator the code a user asked for.
 */
export function outboxMailer(db: Db, log: () => FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .execute();
      log().info({ to: message.to, subject: message.subject }, `mail kept in the outbox:\n${message.text}`);
    },
  };
}

/** `log` is read when a mail goes out, so the app's logger can be created after the mailer. */
export function createMailer(config: MailConfig, db: Db, log: () => FastifyBaseLogger): Mailer {
  return config.smtpUrl ? smtpMailer({ ...config, smtpUrl: config.smtpUrl }) : outboxMailer(db, log);
}
