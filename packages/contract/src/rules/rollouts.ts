import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';
import { intBetween } from './numbers.ts';
import { minutesOfDay, TimeOfDaySchema } from './time.ts';

/**
 * Rollouts of one firmware or app version to many devices (issue 14): how the devices are split into
 * batches, when a batch may start (a daily maintenance window in the device's time zone), and when a
 * batch counts as good. Server and console use the same functions, so the plan the console shows
 * before saving is the plan the server runs.
 */
registerRuleMessages({
  timeZoneUnknown: {
    en: 'Please choose a known time zone, such as Europe/Berlin',
    cn: '请选择有效的时区，如Asia/Shanghai',
  },
  windowEmpty: {
    en: 'The window must not start and end at the same time',
    cn: '维护窗口的开始和结束时间不能相同',
  },
});

/** At most this many devices in one rollout; a larger target is refused on save, never cut short. */
export const ROLLOUT_DEVICES_MAX = 10_000;
/** Apps a staged rollout installs after its version. */
export const ROLLOUT_STAGE_APPS_MAX = 10;
/** Devices of one batch: at most this many are sent their install at once. */
export const ROLLOUT_BATCH_MAX = 1_000;

export const BatchSizeSchema = intBetween(1, ROLLOUT_BATCH_MAX);
/** Each later batch is this many times the one before (1.0 keeps the first batch's size). */
export const GrowthFactorSchema = z.number().min(1).max(10).meta({ type: 'number', minimum: 1, maximum: 10 });

export const BatchPlanSchema = z.discriminatedUnion('mode', [
  /** Every batch after the first has `laterSize` devices. */
  z.strictObject({ mode: z.literal('size'), firstSize: BatchSizeSchema, laterSize: BatchSizeSchema }),
  /** Each batch after the first grows by `factor` (rounded up), never past ROLLOUT_BATCH_MAX. */
  z.strictObject({ mode: z.literal('growth'), firstSize: BatchSizeSchema, factor: GrowthFactorSchema }),
]);
export type BatchPlan = z.infer<typeof BatchPlanSchema>;

/** The size of batch `index` (0 = the first). */
export function batchSize(plan: BatchPlan, index: number): number {
  if (index === 0) return plan.firstSize;
  if (plan.mode === 'size') return plan.laterSize;
  return Math.min(ROLLOUT_BATCH_MAX, Math.ceil(plan.firstSize * plan.factor ** index));
}

/** The batch sizes that take `total` devices, in order (the last one holds what is left). */
export function batchSizes(plan: BatchPlan, total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  for (let i = 0; left > 0; i++) {
    const size = Math.min(left, batchSize(plan, i));
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, { error: 'timeZoneUnknown' });

/**
 * A daily maintenance window, "HH:mm" to "HH:mm" in the device's own time zone (the one its
 * configuration's NTP settings name); `timeZone` is used for devices that report none. An end before
 * the start runs over midnight (22:00-04:00).
 */
export const MaintenanceWindowSchema = z
  .strictObject({ start: TimeOfDaySchema, end: TimeOfDaySchema, timeZone: TimeZoneSchema })
  .refine((w) => w.start !== w.end, { error: 'windowEmpty', path: ['end'] });
export type MaintenanceWindow = z.infer<typeof MaintenanceWindowSchema>;

/** Minutes since midnight of instant `at` on the wall clock of `timeZone`. */
export function wallMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** Whether `at` falls inside the window on the wall clock of `timeZone` (start inclusive, end exclusive). */
export function inWindow(
  window: Pick<MaintenanceWindow, 'start' | 'end'>,
  at: Date,
  timeZone: string,
): boolean {
  const now = wallMinutes(at, timeZone);
  const start = minutesOfDay(window.start);
  const end = minutesOfDay(window.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** A batch is good when at least this share of its devices succeeded (1-100 %). */
export const SuccessPercentSchema = intBetween(1, 100);

/** When failures and timeouts of one batch pass `value` (a count, or a % of the batch), the rollout stops. */
export const FailureCountSchema = intBetween(0, ROLLOUT_BATCH_MAX);
export const FailurePercentSchema = intBetween(0, 100);
export const FailureLimitSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('count'), value: FailureCountSchema }),
  z.strictObject({ kind: z.literal('percent'), value: FailurePercentSchema }),
]);
export type FailureLimit = z.infer<typeof FailureLimitSchema>;

/** Whether `failed` failures or timeouts in a batch of `size` pass the limit ("more than"). */
export function passesFailureLimit(limit: FailureLimit, failed: number, size: number): boolean {
  if (limit.kind === 'count') return failed > limit.value;
  return size > 0 && (failed * 100) / size > limit.value;
}

/** Minutes one device may take from its install to its final state (download, flash, reboot). */
export const DeviceDeadlineMinutesSchema = intBetween(5, 240);
/** Minutes after the update within which the device's link must be healthy again (0: not checked). */
export const HealthMinutesSchema = intBetween(0, 60);
