import { z } from 'zod';
import { KEEPALIVE_SECONDS } from '../device/protocol.ts';
import { TIMER_MIN_LEAD_MINUTES } from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { intBetween } from './numbers.ts';
import { minutesOfDay, TimeOfDaySchema } from './time.ts';

/** Remote configuration and scheduling ranges of core §5 (keepAlive, GPS, capture, timers, PoE). */
registerRuleMessages({
  keepAliveRecommended: {
    en: 'A keepAlive of 600 s or more is recommended to keep traffic under 2 MB',
    cn: '建议keepAlive设置为600秒及以上，以使流量不超过2 MB',
  },
  timerTooSoon: {
    en: 'The update time must be at least 15 minutes from now',
    cn: '更新时间须至少在当前时间15分钟之后',
  },
  poeTimesSame: { en: 'The enable and disable times must be different', cn: '启用时间和禁用时间不能相同' },
});

/**
 * keepAlive interval in seconds, as a form field: one sentence names the whole range. The device
 * protocol's `KeepAliveSchema` holds the same bounds for messages on the wire.
 */
export const KeepAliveSettingSchema = intBetween(KEEPALIVE_SECONDS.min, KEEPALIVE_SECONDS.max);
export const KEEP_ALIVE_RECOMMENDED_MIN = 600;

/** Below 600 s the device may exceed 2 MB of keepAlive traffic: the console warns but accepts. */
export function keepAliveRecommended(seconds: number): boolean {
  return seconds >= KEEP_ALIVE_RECOMMENDED_MIN;
}

/** Metres moved before a new GPS position is reported. */
export const GpsDistanceSchema = intBetween(10, 1000);
/** Hours between GPS updates. */
export const GpsIntervalSchema = intBetween(1, 48);
/** Minutes between GPS contrast checks. */
export const GpsContrastSchema = intBetween(1, 65535);
/** Packets requested by a packet capture. */
export const CaptureCountSchema = intBetween(10, 40000);

// ---- timers ----------------------------------------------------------------------------------------

/** A scheduled update must leave the device 15 minutes to fetch it (the server's 120072/120074 too). */
export const TIMER_LEAD_MS = TIMER_MIN_LEAD_MINUTES * 60 * 1000;

export function isTimerFarEnough(at: Date | number, now: Date | number): boolean {
  return Number(at) - Number(now) >= TIMER_LEAD_MS;
}

/** An update time in epoch milliseconds, checked against `now` (pass the clock's now on the server). */
export function timerTimeSchema(now: Date | number) {
  return z
    .number()
    .int()
    .refine((at) => isTimerFarEnough(at, now), { error: 'timerTooSoon' });
}

/** PoE timers switch power on and off: two equal times would do both at once. */
export function poeTimesDiffer(enableTime: string, disableTime: string): boolean {
  return minutesOfDay(enableTime) !== minutesOfDay(disableTime);
}

export const PoeTimerSchema = z
  .strictObject({ enableTime: TimeOfDaySchema, disableTime: TimeOfDaySchema })
  .refine((timer) => poeTimesDiffer(timer.enableTime, timer.disableTime), {
    error: 'poeTimesSame',
    path: ['disableTime'],
  });
