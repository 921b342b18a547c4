import { z } from 'zod';
import { MAX_DEVICES_PER_ASSIGN, MAX_TAGS_PER_DEVICE } from '../limits.ts';
import { DescriptionSchema, plainText } from './identity.ts';
import { registerRuleMessages } from './messages.ts';
import { duplicates, refineWith, requiredText } from './rule.ts';

/** Device identity and inventory rules of core §5 (names, tags, serials, device users, batches). */
registerRuleMessages({
  serialNumberInvalid: {
    en: 'The serial number may contain only letters and digits',
    cn: '序列号只能包含字母和数字',
  },
  importSerialNumberInvalid: { en: 'The serial number must be 14 digits', cn: '序列号须为14位数字' },
  macInvalid: {
    en: 'Please enter a valid MAC address, such as 00:1A:2B:3C:4D:5E',
    cn: '请输入正确的MAC地址，如00:1A:2B:3C:4D:5E',
  },
  imeiInvalid: { en: 'The IMEI must be 15 digits', cn: 'IMEI须为15位数字' },
  deviceUserNameInvalid: {
    en: 'The user name must be 5-32 characters of letters, digits and @#$.*!-',
    cn: '用户名须为5-32位字母、数字或@#$.*!-',
  },
  deviceUserNameReserved: {
    en: 'admin and adminstr can not be used as user names',
    cn: '不能使用admin或adminstr作为用户名',
  },
  userProfileExists: { en: 'User profile already exists', cn: '用户配置已存在' },
  tagsMax: { en: 'A device can have at most {num} tags', cn: '每台设备最多{num}个标签' },
  tagDuplicate: { en: 'The tag name already exists', cn: '标签名称重复' },
  deviceIdDuplicate: { en: 'Device IDs must be unique', cn: '设备ID不能重复' },
  maxDevices: { en: 'A maximum of {num} devices per operation', cn: '每次最多操作{num}台设备' },
});

// ---- names, tags, descriptions -------------------------------------------------------------------

export const DEVICE_NAME_MAX = 30;
export const TAG_NAME_MAX = 20;

export const DeviceNameSchema = plainText(1, DEVICE_NAME_MAX);
export const DeviceDescriptionSchema = DescriptionSchema;
export const TagNameSchema = plainText(1, TAG_NAME_MAX);

/** A device's tags: at most 5, none repeated (case-insensitive, so "North" and "north" are one tag). */
export const DeviceTagsSchema = z
  .array(TagNameSchema)
  .max(MAX_TAGS_PER_DEVICE, { error: 'tagsMax' })
  .superRefine(
    refineWith((tags: string[]) => (duplicates(tags, (t) => t.toLowerCase()).length ? 'tagDuplicate' : null)),
  );

// ---- serials and hardware identities ---------------------------------------------------------------

/**
 * Serial number typed in a form: letters and digits only (the device protocol's own `SerialNumberSchema`
 * is looser: it accepts what devices already in the field report).
 */
export function isDeviceSerialNumber(value: string): boolean {
  return /^[A-Za-z0-9]+$/.test(value);
}

/** Serial number in an import file: exactly 14 digits. */
export function isImportSerialNumber(value: string): boolean {
  return /^\d{14}$/.test(value);
}

export const DeviceSerialNumberSchema = requiredText().refine(isDeviceSerialNumber, {
  error: 'serialNumberInvalid',
});
export const ImportSerialNumberSchema = requiredText().refine(isImportSerialNumber, {
  error: 'importSerialNumberInvalid',
});

/** Six hex pairs joined by one separator throughout, ':' or '-': 00:1A:2B:3C:4D:5E, 00-1a-2b-3c-4d-5e. */
export function isMacAddress(value: string): boolean {
  return /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/.test(value);
}

/**
 * 15 digits. The Luhn check digit is not enforced by default: modules and simulated devices report
 * numbers that fail it, and refusing a device's own IMEI would lock it out. Pass `checkDigit` for data a
 * person typed.
 */
export function isImei(value: string, options: { checkDigit?: boolean } = {}): boolean {
  if (!/^\d{15}$/.test(value)) return false;
  if (!options.checkDigit) return true;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let digit = Number(value[14 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export const MacAddressSchema = requiredText().refine(isMacAddress, { error: 'macInvalid' });
export const DeviceImeiSchema = requiredText().refine((value) => isImei(value), { error: 'imeiInvalid' });

// ---- device users ----------------------------------------------------------------------------------

/** Names the device keeps for itself; compared case-insensitively so "Admin" cannot shadow them. */
export const RESERVED_DEVICE_USER_NAMES = ['admin', 'adminstr'] as const;

/** Device user name: 5-32 of a-z A-Z 0-9 @#$.*!-, and not a reserved name. */
export function checkDeviceUserName(value: string): string | null {
  if (!/^[A-Za-z0-9@#$.*!-]{5,32}$/.test(value)) return 'deviceUserNameInvalid';
  const lower = value.toLowerCase();
  return RESERVED_DEVICE_USER_NAMES.some((name) => name === lower) ? 'deviceUserNameReserved' : null;
}

export const DeviceUserNameSchema = requiredText().superRefine(refineWith(checkDeviceUserName));

/** "User profile already exists" when `name` is already one of the device's users. */
export function checkDeviceUserUnique(name: string, existing: readonly string[]): string | null {
  return existing.includes(name) ? 'userProfileExists' : null;
}

// ---- batches ---------------------------------------------------------------------------------------

/** A non-empty list of devices for one assign or transfer (at most 100, as the server's 17000), each once. */
export function deviceBatchSchema<T extends z.ZodType<string>>(deviceId: T) {
  return z
    .array(deviceId)
    .min(1, { error: 'required' })
    .max(MAX_DEVICES_PER_ASSIGN, { error: 'maxDevices' })
    .superRefine(refineWith((ids: string[]) => (duplicates(ids).length ? 'deviceIdDuplicate' : null)));
}
