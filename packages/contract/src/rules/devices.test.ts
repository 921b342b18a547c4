import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CaptureCountSchema,
  GpsContrastSchema,
  GpsDistanceSchema,
  GpsIntervalSchema,
  isTimerFarEnough,
  KeepAliveSettingSchema,
  keepAliveRecommended,
  PoeTimerSchema,
  poeTimesDiffer,
  timerTimeSchema,
} from './device-config.ts';
import {
  checkDeviceUserName,
  checkDeviceUserUnique,
  DeviceDescriptionSchema,
  DeviceNameSchema,
  DeviceSerialNumberSchema,
  DeviceTagsSchema,
  DeviceUserNameSchema,
  deviceBatchSchema,
  ImportSerialNumberSchema,
  isDeviceSerialNumber,
  isImei,
  isImportSerialNumber,
  isMacAddress,
  TagNameSchema,
} from './devices.ts';
import { localizeIssues } from './localize.ts';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';

describe('keepAlive', () => {
  it('accepts 60 and 900, refuses 59 and 901 in both languages', () => {
    expect(messagesFor(KeepAliveSettingSchema, 60)).toEqual([]);
    expect(messagesFor(KeepAliveSettingSchema, 900)).toEqual([]);
    expect(messagesFor(KeepAliveSettingSchema, 59)).toEqual(['Please enter an integer from 60 to 900']);
    expect(messagesFor(KeepAliveSettingSchema, 901)).toEqual(['Please enter an integer from 60 to 900']);
    expect(messagesFor(KeepAliveSettingSchema, 901, 'cn')).toEqual(['请输入60-900之间的整数']);
    expect(messagesFor(KeepAliveSettingSchema, 120.5)).toEqual(['Please enter an integer from 60 to 900']);
  });

  it('recommends 600 s or more', () => {
    expect(keepAliveRecommended(599)).toBe(false);
    expect(keepAliveRecommended(600)).toBe(true);
    expect(ruleText('keepAliveRecommended', 'en')).toBe(
      'A keepAlive of 600 s or more is recommended to keep traffic under 2 MB',
    );
  });
});

describe('GPS and capture ranges', () => {
  it.each([
    [GpsDistanceSchema, 10, 1000],
    [GpsIntervalSchema, 1, 48],
    [GpsContrastSchema, 1, 65535],
    [CaptureCountSchema, 10, 40000],
  ] as const)('%#: accepts %i and %i, refuses one beyond each', (schema, min, max) => {
    expect(messagesFor(schema, min)).toEqual([]);
    expect(messagesFor(schema, max)).toEqual([]);
    expect(messagesFor(schema, min - 1)).toEqual([`Please enter an integer from ${min} to ${max}`]);
    expect(messagesFor(schema, max + 1, 'cn')).toEqual([`请输入${min}-${max}之间的整数`]);
  });
});

describe('timers', () => {
  const now = Date.UTC(2026, 10, 21, 8, 0, 0);
  const minutes = (n: number) => now + n * 60_000;

  it('an update time must be at least 15 minutes after now', () => {
    expect(isTimerFarEnough(minutes(15), now)).toBe(true);
    expect(isTimerFarEnough(minutes(15) - 1, now)).toBe(false);
    expect(messagesFor(timerTimeSchema(now), minutes(16))).toEqual([]);
    expect(messagesFor(timerTimeSchema(now), minutes(14))).toEqual([
      'The update time must be at least 15 minutes from now',
    ]);
    expect(messagesFor(timerTimeSchema(new Date(now)), minutes(14), 'cn')).toEqual([
      '更新时间须至少在当前时间15分钟之后',
    ]);
  });

  it('PoE timers need two different times', () => {
    expect(poeTimesDiffer('08:00', '18:00')).toBe(true);
    expect(poeTimesDiffer('08:00', '08:00')).toBe(false);
    const result = PoeTimerSchema.safeParse({ enableTime: '08:00', disableTime: '08:00' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(localizeIssues(result.error, 'en')).toEqual([
        { field: 'disableTime', message: 'The enable and disable times must be different' },
      ]);
      expect(localizeIssues(result.error, 'cn')[0]?.message).toBe('启用时间和禁用时间不能相同');
    }
    expect(PoeTimerSchema.safeParse({ enableTime: '8:00', disableTime: '18:00' }).success).toBe(false);
  });
});

describe('device names, tags and descriptions', () => {
  it('device name 1-30, description 0-200', () => {
    expect(messagesFor(DeviceNameSchema, 'r'.repeat(30))).toEqual([]);
    expect(messagesFor(DeviceNameSchema, 'r'.repeat(31))).toEqual(['Max. 30 characters']);
    expect(messagesFor(DeviceNameSchema, 'r'.repeat(31), 'cn')).toEqual(['最多30个字符']);
    expect(messagesFor(DeviceNameSchema, '', 'en', 'deviceName')).toEqual(['deviceName is required field']);
    expect(messagesFor(DeviceDescriptionSchema, 'd'.repeat(201))).toEqual(['Max. 200 characters']);
  });

  it('tags: each at most 20, at most 5, no duplicates', () => {
    expect(messagesFor(TagNameSchema, 't'.repeat(20))).toEqual([]);
    expect(messagesFor(TagNameSchema, 't'.repeat(21))).toEqual(['Max. 20 characters']);
    expect(messagesFor(DeviceTagsSchema, ['a', 'b', 'c', 'd', 'e'])).toEqual([]);
    expect(messagesFor(DeviceTagsSchema, ['a', 'b', 'c', 'd', 'e', 'f'])).toEqual([
      'A device can have at most 5 tags',
    ]);
    expect(messagesFor(DeviceTagsSchema, ['a', 'b', 'c', 'd', 'e', 'f'], 'cn')).toEqual([
      '每台设备最多5个标签',
    ]);
    expect(messagesFor(DeviceTagsSchema, ['North', 'north'])).toEqual(['The tag name already exists']);
  });
});

describe('serials and hardware identities', () => {
  it('serial numbers: letters and digits; 14 digits in imports', () => {
    expect(isDeviceSerialNumber('RB1234X9')).toBe(true);
    expect(isDeviceSerialNumber('RB-1234')).toBe(false);
    expect(messagesFor(DeviceSerialNumberSchema, 'RB 12')).toEqual([
      'The serial number may contain only letters and digits',
    ]);
    expect(isImportSerialNumber('12345678901234')).toBe(true);
    expect(isImportSerialNumber('1234567890123')).toBe(false);
    expect(isImportSerialNumber('123456789012345')).toBe(false);
    expect(isImportSerialNumber('1234567890123A')).toBe(false);
    expect(messagesFor(ImportSerialNumberSchema, '1234', 'cn')).toEqual(['序列号须为14位数字']);
  });

  it('MAC: six hex pairs with one separator', () => {
    expect(isMacAddress('00:1A:2B:3C:4D:5E')).toBe(true);
    expect(isMacAddress('00-1a-2b-3c-4d-5e')).toBe(true);
    expect(isMacAddress('00:1A:2B:3C:4D')).toBe(false);
    expect(isMacAddress('00:1A-2B:3C:4D:5E')).toBe(false);
    expect(isMacAddress('00:1A:2B:3C:4D:5G')).toBe(false);
  });

  it('IMEI: 15 digits, Luhn only when asked', () => {
    expect(isImei('490154203237518')).toBe(true);
    expect(isImei('490154203237518', { checkDigit: true })).toBe(true);
    expect(isImei('490154203237519')).toBe(true);
    expect(isImei('490154203237519', { checkDigit: true })).toBe(false);
    expect(isImei('49015420323751')).toBe(false);
    expect(isImei('4901542032375180')).toBe(false);
  });
});

describe('device users', () => {
  it('user name 5-32 of a-zA-Z0-9@#$.*!-', () => {
    expect(checkDeviceUserName('oper1')).toBeNull();
    expect(checkDeviceUserName('o'.repeat(32))).toBeNull();
    expect(checkDeviceUserName('oper')).toBe('deviceUserNameInvalid');
    expect(checkDeviceUserName('o'.repeat(33))).toBe('deviceUserNameInvalid');
    expect(checkDeviceUserName('oper_1')).toBe('deviceUserNameInvalid');
    expect(messagesFor(DeviceUserNameSchema, 'op 1x')).toEqual([
      'The user name must be 5-32 characters of letters, digits and @#$.*!-',
    ]);
  });

  it('refuses admin and adminstr, in any case', () => {
    expect(messagesFor(DeviceUserNameSchema, 'admin')).toEqual([
      'admin and adminstr can not be used as user names',
    ]);
    expect(messagesFor(DeviceUserNameSchema, 'AdminStr', 'cn')).toEqual([
      '不能使用admin或adminstr作为用户名',
    ]);
    expect(checkDeviceUserName('admin1')).toBeNull();
  });

  it('a duplicate says "User profile already exists"', () => {
    expect(checkDeviceUserUnique('oper1', ['oper2'])).toBeNull();
    const failure = checkDeviceUserUnique('oper1', ['oper1']);
    expect(failure && ruleText(failure, 'en')).toBe('User profile already exists');
    expect(failure && ruleText(failure, 'cn')).toBe('用户配置已存在');
  });
});

describe('device batches', () => {
  const batch = deviceBatchSchema(z.string().min(1));
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `SN${i}`);

  it('at most 100 devices per assign or transfer, each once', () => {
    expect(messagesFor(batch, ids(100))).toEqual([]);
    expect(messagesFor(batch, ids(101))).toEqual(['A maximum of 100 devices per operation']);
    expect(messagesFor(batch, ids(101), 'cn')).toEqual(['每次最多操作100台设备']);
    expect(messagesFor(batch, [], 'en', 'devices')).toEqual(['devices is required field']);
    expect(messagesFor(batch, ['SN1', 'SN1'])).toEqual(['Device IDs must be unique']);
  });
});
