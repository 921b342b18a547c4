import { z } from 'zod';
import {
  CUSTOM_REPORT_MAX_FIELDS,
  CUSTOM_REPORT_MIN_FIELDS,
  EXPORT_RANGE_MAX_MONTHS,
  MAX_AUTO_RENEW_PERIOD,
} from '../limits.ts';
import { plainText } from './identity.ts';
import { registerRuleMessages } from './messages.ts';
import { refineWith } from './rule.ts';
import { startNotAfterEnd } from './time.ts';

/** Company-level rules of core §5: auto-renew, export ranges, OEM names, custom reports. */
registerRuleMessages({
  rangeMax30Days: { en: 'The time range can not exceed 30 days', cn: '时间范围不能超过30天' },
  rangeMaxOneMonth: { en: 'The time range can not exceed one month', cn: '时间范围不能超过一个月' },
  rangeMaxThreeMonths: { en: 'The maximum range is three months', cn: '时间范围最长为三个月' },
  reportFieldsRange: { en: 'Please select {min} to {num} fields', cn: '请选择{min}-{num}个字段' },
  reportEventsRequired: { en: 'Please select at least one report event', cn: '请至少选择一个报表事件' },
});

/** Licence auto-renew period, in licence periods: a positive integer up to 500. */
export const AutoRenewPeriodSchema = z
  .number()
  .int({ error: 'integer' })
  .min(1, { error: 'positiveInteger' })
  .max(MAX_AUTO_RENEW_PERIOD);

// ---- time ranges of exports and charts -----------------------------------------------------------

/** 30 days for history exports, one month for charts and dashboards, three months for some data. */
export type RangeLimit = 'days30' | 'oneMonth' | 'threeMonths';

const LIMIT_KEYS: Record<RangeLimit, string> = {
  days30: 'rangeMax30Days',
  oneMonth: 'rangeMaxOneMonth',
  threeMonths: 'rangeMaxThreeMonths',
};

/** Same day-of-month `months` later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb), UTC. */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.getTime();
}

function latestEnd(start: number, limit: RangeLimit): number {
  if (limit === 'days30') return start + 30 * 24 * 60 * 60 * 1000;
  return addMonths(start, limit === 'oneMonth' ? 1 : EXPORT_RANGE_MAX_MONTHS);
}

/** Start not after end, and the span within the limit; epoch milliseconds. */
export function checkTimeRange(start: number, end: number, limit: RangeLimit): string | null {
  if (!startNotAfterEnd(start, end)) return 'startAfterEnd';
  return end <= latestEnd(start, limit) ? null : LIMIT_KEYS[limit];
}

export function limitedRangeSchema(limit: RangeLimit) {
  return z
    .strictObject({ start: z.number().int(), end: z.number().int() })
    .superRefine(
      refineWith((range: { start: number; end: number }) => checkTimeRange(range.start, range.end, limit)),
    );
}

// ---- OEM and reports -------------------------------------------------------------------------------

export const OemAppNameSchema = plainText(1, 20);

/** A custom report shows 1 to 30 fields. */
export const CustomReportFieldsSchema = z
  .array(z.string().min(1))
  .superRefine(
    refineWith(
      (fields: string[]) =>
        fields.length >= CUSTOM_REPORT_MIN_FIELDS && fields.length <= CUSTOM_REPORT_MAX_FIELDS
          ? null
          : 'reportFieldsRange',
      { min: CUSTOM_REPORT_MIN_FIELDS, num: CUSTOM_REPORT_MAX_FIELDS },
    ),
  );

/** A report subscribes to at least one event. */
export const ReportEventsSchema = z.array(z.string().min(1)).min(1, { error: 'reportEventsRequired' });
