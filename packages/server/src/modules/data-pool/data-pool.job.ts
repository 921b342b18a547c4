import {
  type AlertEmailType,
  DATA_PACKAGE_VALID_DAYS,
  formatBytes,
  type Lang,
  LEVEL_PRODUCT,
  LEVEL_VPN_TRAFFIC_BYTES,
  LICENCE_DAYS,
} from '@fleetport/contract';
import type { AppDeps } from '../../platform/app-deps.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/index.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import { findCompany } from '../company-account/company-account.store.ts';
import {
  BANNER_CID,
  enabledAlertEmail,
  sendPartnerMail,
} from '../partner-notifications/alert-emails.service.ts';
import { adminEmails } from '../partner-notifications/alert-episodes.store.ts';
import { alertHtml } from '../partner-notifications/alert-mail.ts';
import { DEFAULT_ALERT_SUBJECTS } from '../partner-notifications/partner-notifications.text.ts';
import { creditStartedPeriods, expireItems, lockPool } from './data-pool.store.ts';
import { VPN_DATA_EXHAUSTED_BODY, VPN_DATA_LOW_BODY } from './data-pool.text.ts';
import { type AlertMailPayload, announce, DATA_POOL_ALERT_JOB, settlePool } from './pool-draw.ts';

export const DATA_POOL_SWEEP_JOB = 'dataPool.sweep';
/**
 * How often started licence periods are credited and ended items expired. A period's data appears in
 * the pool at most this late after the period starts; an item past its end counts as expired to every
 * reader from that moment anyway.
 */
const SWEEP_EVERY_MS = 60_000;
/** Items expired per transaction: short locks, and a night of 100,000 items in a few hundred statements. */
const EXPIRY_BATCH = 500;
/** The alert mails are written in English: the platform keeps no language per person yet (as the licence alert). */
const MAIL_LANG: Lang = 'en';

type SweepDeps = Pick<AppDeps, 'db' | 'clock' | 'hub'>;

/** VPN traffic per licence product, from the contract's one table of what each level includes. */
const TRAFFIC_BY_PRODUCT: Record<string, number> = Object.fromEntries(
  Object.entries(LEVEL_PRODUCT)
    .map(([level, product]) => [product, LEVEL_VPN_TRAFFIC_BYTES[level as keyof typeof LEVEL_PRODUCT]])
    .filter(([, bytes]) => Number(bytes) > 0),
);

/**
 * Credits the traffic of device periods that started (one item per period, valid
 * DATA_PACKAGE_VALID_DAYS from first use), expires items whose days ran out, and settles the alert of
 * every company touched. Each step commits on its own, so an expiry never holds item locks while it
 * waits for a pool a telemetry draw holds. Safe to run again and on several nodes.
 */
export async function sweepDataPools(
  deps: SweepDeps,
  signal?: AbortSignal,
): Promise<{ credited: number[]; expired: number[] }> {
  const now = deps.clock.now();
  const credited = await inTransaction(deps.db, (tx) =>
    // A period is looked for during one licence period after its start: the job may be down for days.
    creditStartedPeriods(tx, TRAFFIC_BY_PRODUCT, DATA_PACKAGE_VALID_DAYS, now, LICENCE_DAYS),
  );
  const expired = new Set<number>();
  for (;;) {
    signal?.throwIfAborted();
    const batch = await inTransaction(deps.db, (tx) => expireItems(tx, now, EXPIRY_BATCH));
    for (const id of batch) expired.add(id);
    if (batch.length < EXPIRY_BATCH) break;
  }
  for (const companyId of new Set([...credited, ...expired])) {
    const settled = await inTransaction(deps.db, async (tx) =>
      settlePool(tx, await lockPool(tx, companyId, now), { sn: '', at: now, clock: deps.clock }),
    );
    announce(deps.hub, settled);
    deps.hub.publish('licences.changed', companyId, {});
  }
  return { credited, expired: [...expired] };
}

const MAIL_TYPE: Record<AlertMailPayload['alert'], AlertEmailType> = {
  low: 'vpnDataLow',
  exhausted: 'vpnDataExhausted',
};

/**
 * The crossing's e-mail (features §3 "VPN data low", "VPN data exhausted"): to the customer's owners and
 * administrators and its partner's support address, through the partner's settings and SMTP server,
 * when the partner switched that type on. A company without a partner, or whose partner did not, gets
 * the device notification alone. A failed send throws: the job is retried.
 */
export async function sendPoolAlertMail(deps: AppDeps, payload: AlertMailPayload): Promise<boolean> {
  const link = await deps.db
    .selectFrom('company_relation')
    .select('upstream_company_id')
    .where('downstream_company_id', '=', payload.companyId)
    .executeTakeFirst();
  if (!link) return false;
  const partner = companyScope(Number(link.upstream_company_id));
  const customer = companyScope(payload.companyId);
  const type = MAIL_TYPE[payload.alert];
  const setting = await enabledAlertEmail(deps, partner, type);
  if (!setting) return false;
  const [customerRow, partnerRow, recipients] = await Promise.all([
    findCompany(deps.db, customer),
    findCompany(deps.db, partner),
    adminEmails(deps.db, payload.companyId, 'vpnData'),
  ]);
  const subject = setting.subject || DEFAULT_ALERT_SUBJECTS[type][MAIL_LANG];
  const mail = renderMail(
    {
      subject: { en: subject, cn: subject },
      body: payload.alert === 'low' ? VPN_DATA_LOW_BODY : VPN_DATA_EXHAUSTED_BODY,
    },
    MAIL_LANG,
    [...recipients, setting.supportEmail].join(', '),
    {
      customer: customerRow?.name ?? '',
      partner: partnerRow?.name ?? '',
      remaining: formatBytes(payload.remainingBytes),
      total: formatBytes(payload.totalBytes),
      supportEmail: setting.supportEmail,
    },
  );
  await sendPartnerMail(deps, partner, setting, {
    ...mail,
    html: alertHtml(mail.text, setting.bannerFileId ? BANNER_CID : null),
  });
  return true;
}

/** The sweep every minute on one node of all, and the crossing mails as they are enqueued. */
export function dataPoolJobs(deps: AppDeps) {
  return {
    handlers: [
      defineJob({
        kind: DATA_POOL_SWEEP_JOB,
        timeoutMs: 15 * 60_000,
        maxAttempts: 3,
        async run(ctx) {
          await sweepDataPools(deps, ctx.signal);
        },
      }),
      defineJob<AlertMailPayload>({
        kind: DATA_POOL_ALERT_JOB,
        timeoutMs: 60_000,
        maxAttempts: 5,
        async run(ctx) {
          await sendPoolAlertMail(deps, ctx.payload);
        },
      }),
    ],
    schedules: [
      defineSchedule({
        name: DATA_POOL_SWEEP_JOB,
        every: SWEEP_EVERY_MS,
        kind: DATA_POOL_SWEEP_JOB,
        runAtStart: true,
      }),
    ],
  };
}
