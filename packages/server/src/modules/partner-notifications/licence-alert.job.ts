import { interpolate, type Lang, LICENCE_PRODUCT_LABELS } from '@fleetport/contract';
import { companyScope } from '../../platform/auth/actor.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import { findCompany } from '../company-account/company-account.store.ts';
import { insufficientLicencesOf } from '../licences/licences.service.ts';
import {
  type AlertEmailDeps,
  BANNER_CID,
  enabledAlertEmail,
  sendPartnerMail,
} from './alert-emails.service.ts';
import { adminEmails, closeEpisode, dropEpisode, openEpisode } from './alert-episodes.store.ts';
import { alertHtml } from './alert-mail.ts';
import { allPartnerLinks } from './partner-links.store.ts';
import {
  DEFAULT_ALERT_SUBJECTS,
  LICENCES_INSUFFICIENT_BODY,
  SHORTFALL_ITEM,
} from './partner-notifications.text.ts';

export const LICENCE_ALERT_JOB = 'partnerNotifications.licenceAlerts';
const EPISODE_KIND = 'licencesInsufficient';
/**
 * How often customers' insufficient-licence lists are looked at. The list changes when licences are
 * consumed, bought or expire, all slower than this; an episode's mail goes out at most this late.
 */
const ALERT_EVERY_MS = 5 * 60_000;
/** The alert mails are written in English: the platform keeps no language per person yet. */
const MAIL_LANG: Lang = 'en';

export type LicenceAlertDeps = AlertEmailDeps;

export interface LicenceAlertRun {
  mailed: number;
  closed: number;
  /** Why each mail that could not be sent failed (customer id and the error's message). */
  failures: { customerId: number; reason: string }[];
}

/**
 * For every customer of a partner whose insufficient-licence e-mail is switched on: when the
 * customer's list (core §7) is non-empty and no episode is open, opens one and mails the customer's
 * owners and administrators and the partner's support address, once; when the list is empty again,
 * closes the episode, so the next shortage mails again. A mail that fails drops its episode to be
 * tried on the next run.
 */
export async function sendLicenceAlerts(
  deps: LicenceAlertDeps,
  signal?: AbortSignal,
): Promise<LicenceAlertRun> {
  const run: LicenceAlertRun = { mailed: 0, closed: 0, failures: [] };
  for (const { partnerId, customerId } of await allPartnerLinks(deps.db)) {
    signal?.throwIfAborted();
    const partner = companyScope(partnerId);
    const customer = companyScope(customerId);
    const shortages = await insufficientLicencesOf(deps, customer);
    const now = deps.clock.now();
    if (shortages.length === 0) {
      if (await closeEpisode(deps.db, customerId, EPISODE_KIND, now)) run.closed++;
      continue;
    }
    const setting = await enabledAlertEmail(deps, partner, 'licencesInsufficient');
    if (!setting) continue;
    const episode = await openEpisode(deps.db, { customerId, partnerId, kind: EPISODE_KIND, at: now });
    if (episode === null) continue;
    try {
      const [customerRow, partnerRow, recipients] = await Promise.all([
        findCompany(deps.db, customer),
        findCompany(deps.db, partner),
        adminEmails(deps.db, customerId, 'licences'),
      ]);
      const products = shortages
        .map((s) =>
          interpolate(SHORTFALL_ITEM[MAIL_LANG], {
            product: LICENCE_PRODUCT_LABELS[s.product][MAIL_LANG],
            shortfall: s.shortfall,
          }),
        )
        .join('; ');
      const subject = setting.subject || DEFAULT_ALERT_SUBJECTS.licencesInsufficient[MAIL_LANG];
      const vars = {
        customer: customerRow?.name ?? '',
        partner: partnerRow?.name ?? '',
        products,
        supportEmail: setting.supportEmail,
      };
      const mail = renderMail(
        { subject: { en: subject, cn: subject }, body: LICENCES_INSUFFICIENT_BODY },
        MAIL_LANG,
        [...recipients, setting.supportEmail].join(', '),
        vars,
      );
      await sendPartnerMail(deps, partner, setting, {
        ...mail,
        html: alertHtml(mail.text, setting.bannerFileId ? BANNER_CID : null),
      });
      run.mailed++;
    } catch (error) {
      await dropEpisode(deps.db, episode);
      run.failures.push({ customerId, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return run;
}

/** The alert as a job, every five minutes on one node of all. */
export function licenceAlertJobs(deps: LicenceAlertDeps) {
  return {
    handlers: [
      defineJob({
        kind: LICENCE_ALERT_JOB,
        timeoutMs: 15 * 60_000,
        maxAttempts: 3,
        async run(ctx) {
          const run = await sendLicenceAlerts(deps, ctx.signal);
          // The job's error (and the worker's log) says which mails failed; a retry sends them.
          if (run.failures.length)
            throw new Error(
              `insufficient-licence alert mails not sent: ${run.failures.map((f) => `company ${f.customerId}: ${f.reason}`).join('; ')}`,
            );
        },
      }),
    ],
    schedules: [
      defineSchedule({
        name: LICENCE_ALERT_JOB,
        every: ALERT_EVERY_MS,
        kind: LICENCE_ALERT_JOB,
        runAtStart: true,
      }),
    ],
  };
}
