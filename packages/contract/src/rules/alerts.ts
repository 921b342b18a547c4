import { z } from 'zod';
import {
  ESTATE_LOG_SUPPRESSION_MAX_MINUTES,
  GLOBAL_DATA_LIMIT_MAX_MB,
  UPLOAD_FREQUENCY_MAX,
} from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { intBetween, intRange } from './numbers.ts';
import { refineWith } from './rule.ts';

/** Alert, port and platform-setting ranges of features §5. */
registerRuleMessages({
  portInvalid: { en: 'Please enter a port from 1 to 65535', cn: '请输入1-65535之间的端口号' },
  numberBetween: { en: 'Please enter a number from {min} to {max}', cn: '请输入{min}到{max}之间的数值' },
  clearAboveTrigger: {
    en: 'The clear value must not be below the trigger value',
    cn: '恢复阈值不能低于触发阈值',
  },
  linkOrSim: { en: 'Choose either a link or a SIM', cn: '请选择链路或SIM卡（二选一）' },
  clearBelowTrigger: {
    en: 'The clear value must not be above the trigger value',
    cn: '恢复阈值不能高于触发阈值',
  },
});

/** How often an alert condition (or an upload) is evaluated. */
export const FREQUENCY_UNITS = ['second', 'minute', 'hour'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

/** 1-59 seconds, 1-59 minutes or 1-23 hours: a larger value is the next unit up. */
export function checkFrequency(value: number, unit: FrequencyUnit) {
  const max = UPLOAD_FREQUENCY_MAX[unit];
  return Number.isInteger(value) && value >= 1 && value <= max
    ? null
    : { key: 'intBetween', params: { min: 1, max } };
}

export const FrequencySchema = z
  .strictObject({ value: z.number(), unit: z.enum(FREQUENCY_UNITS) })
  .superRefine(refineWith((f: { value: number; unit: FrequencyUnit }) => checkFrequency(f.value, f.unit)));

/** Ports come as numbers from JSON and as text from inputs. */
export function isPort(value: number | string): boolean {
  const text = String(value);
  return /^[1-9]\d{0,4}$/.test(text) && Number(text) <= 65535;
}
export const PortSchema = z.union([z.number(), z.string()]).refine(isPort, { error: 'portInvalid' });

/** Global data limit in MB; 0 means unlimited. */
export const GlobalDataLimitSchema = intRange(0, GLOBAL_DATA_LIMIT_MAX_MB);

/** Minutes a repeated estate log entry is suppressed; 0 turns suppression off. */
export const EstateLogSuppressionSchema = intBetween(0, ESTATE_LOG_SUPPRESSION_MAX_MINUTES);
