import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import {
  AlphanumericSchema,
  CompanyNameSchema,
  DescriptionSchema,
  EmailSchema,
  isEmail,
  isMainlandPhone,
  LoginAccountSchema,
  MainlandPhoneSchema,
  NameSchema,
  noForbiddenNameChars,
  normalizePhone,
  ShortCodeSchema,
  stripEmoji,
  UserNameSchema,
  VerificationCodeSchema,
  withoutForbiddenChars,
} from './identity.ts';
import { messagesFor } from './test-helpers.ts';

const parsed = (schema: ZodType, value: unknown) => schema.parse(value);

describe('e-mail', () => {
  it.each(['a@b.co', 'first.last-1_x@mail.example.com', 'A9@x-y.cn'])('accepts %s', (value) =>
    expect(isEmail(value)).toBe(true),
  );
  it.each(['a@b', 'a b@c.com', 'a+b@c.com', '@c.com', 'a@.com', 'a@c.', 'a@@c.com', 'a@c_d.com'])(
    'refuses %s',
    (value) => expect(isEmail(value)).toBe(false),
  );
  it('says so in both languages, and an empty value is a required field', () => {
    expect(messagesFor(EmailSchema, 'a@b', 'en', 'email')).toEqual(['Please enter a valid e-mail address']);
    expect(messagesFor(EmailSchema, 'a@b', 'cn', 'email')).toEqual(['请输入正确的邮箱地址']);
    expect(messagesFor(EmailSchema, '', 'en', 'email')).toEqual(['email is required field']);
  });
});

describe('mainland phone', () => {
  it('removes spaces and needs 1, then 3-8, 11 digits', () => {
    expect(normalizePhone(' 138 0013 8000 ')).toBe('13800138000');
    expect(isMainlandPhone('138 0013 8000')).toBe(true);
    expect(isMainlandPhone('18912345678')).toBe(true);
    expect(isMainlandPhone('12912345678')).toBe(false);
    expect(isMainlandPhone('19912345678')).toBe(false);
    expect(isMainlandPhone('1381234567')).toBe(false);
    expect(isMainlandPhone('138123456789')).toBe(false);
    expect(parsed(MainlandPhoneSchema, '138 0013 8000')).toBe('13800138000');
    expect(messagesFor(MainlandPhoneSchema, '12912345678', 'cn')).toEqual(['请输入正确的手机号码']);
  });
});

describe('login account', () => {
  it('takes an e-mail or a telephone number, phones without spaces', () => {
    expect(parsed(LoginAccountSchema, ' ops@fleet.io ')).toBe('ops@fleet.io');
    expect(parsed(LoginAccountSchema, '138 0013 8000')).toBe('13800138000');
    expect(parsed(LoginAccountSchema, '+49 30 1234567')).toBe('+49301234567');
    expect(messagesFor(LoginAccountSchema, 'ops@fleet', 'en')).toEqual([
      'Please enter an e-mail address or telephone number',
    ]);
    expect(messagesFor(LoginAccountSchema, '1234', 'cn')).toEqual(['请输入邮箱地址或电话号码']);
    expect(messagesFor(LoginAccountSchema, '', 'en', 'account')).toEqual(['account is required field']);
  });
});

describe('verification code', () => {
  it('is exactly 6 digits', () => {
    expect(messagesFor(VerificationCodeSchema, '012345')).toEqual([]);
    expect(messagesFor(VerificationCodeSchema, '01234')).toEqual([
      'Please enter the 6-digit verification code',
    ]);
    expect(messagesFor(VerificationCodeSchema, '0123456')).toEqual([
      'Please enter the 6-digit verification code',
    ]);
    expect(messagesFor(VerificationCodeSchema, '01234a', 'cn')).toEqual(['请输入6位数字验证码']);
    expect(messagesFor(VerificationCodeSchema, '', 'en', 'code')).toEqual(['code is required field']);
  });
});

describe('names and text', () => {
  it('user name and name: 2-50 characters, trimmed', () => {
    for (const schema of [UserNameSchema, NameSchema]) {
      expect(messagesFor(schema, 'Li')).toEqual([]);
      expect(messagesFor(schema, 'x'.repeat(50))).toEqual([]);
      expect(messagesFor(schema, ' L ')).toEqual(['Min. 2 characters']);
      expect(messagesFor(schema, 'x'.repeat(51))).toEqual(['Max. 50 characters']);
      expect(messagesFor(schema, 'x'.repeat(51), 'cn')).toEqual(['最多50个字符']);
      expect(messagesFor(schema, '', 'en', 'userName')).toEqual(['userName is required field']);
    }
  });

  it('company name: 1-50 characters, not only special symbols', () => {
    expect(messagesFor(CompanyNameSchema, 'A')).toEqual([]);
    expect(messagesFor(CompanyNameSchema, '深圳机器人')).toEqual([]);
    expect(messagesFor(CompanyNameSchema, 'x'.repeat(51))).toEqual(['Max. 50 characters']);
    expect(messagesFor(CompanyNameSchema, '@#¥%', 'en', 'company')).toEqual([
      'company can not consist of special symbols only',
    ]);
    expect(messagesFor(CompanyNameSchema, '@#¥%', 'cn', '公司名称')).toEqual(['公司名称不能只包含特殊符号']);
  });

  it('description: 0-200 characters', () => {
    expect(messagesFor(DescriptionSchema, '')).toEqual([]);
    expect(messagesFor(DescriptionSchema, 'd'.repeat(200))).toEqual([]);
    expect(messagesFor(DescriptionSchema, 'd'.repeat(201))).toEqual(['Max. 200 characters']);
  });

  it('strips emoji before counting, keeping © ® ™ and Chinese', () => {
    expect(stripEmoji('Fleet 🚚 Ops👍🏽 🇨🇳 👨‍👩‍👧 1️⃣')).toBe('Fleet  Ops   1');
    expect(stripEmoji('Acme© ®™ 机器人')).toBe('Acme© ®™ 机器人');
    expect(parsed(NameSchema, '  Depot 🚚 ')).toBe('Depot');
    expect(messagesFor(NameSchema, 'A😀')).toEqual(['Min. 2 characters']);
  });
});

describe('codes and restricted characters', () => {
  it('short code: 5-8 of letters, digits and @!#$%*._-', () => {
    expect(messagesFor(ShortCodeSchema, 'ab#1.')).toEqual([]);
    expect(messagesFor(ShortCodeSchema, 'ab_1-%*!')).toEqual([]);
    expect(messagesFor(ShortCodeSchema, 'ab#1')).toEqual([
      'Please enter 5-8 characters of letters, digits and @!#$%*._-',
    ]);
    expect(messagesFor(ShortCodeSchema, 'ab#1.xyz9')).toHaveLength(1);
    expect(messagesFor(ShortCodeSchema, 'ab 1.x', 'cn')).toEqual(['请输入5-8位字母、数字或@!#$%*._-']);
  });

  it('alphanumeric: 1-50 letters and digits', () => {
    expect(messagesFor(AlphanumericSchema, 'a')).toEqual([]);
    expect(messagesFor(AlphanumericSchema, 'A1'.repeat(25))).toEqual([]);
    expect(messagesFor(AlphanumericSchema, 'A1'.repeat(25) + 'x')).toEqual(['Max. 50 characters']);
    expect(messagesFor(AlphanumericSchema, 'a-1')).toEqual(['Only letters and digits are allowed']);
    expect(messagesFor(AlphanumericSchema, '', 'en', 'code')).toEqual(['code is required field']);
  });

  it('names refuse spaces and + / ? % & =', () => {
    expect(noForbiddenNameChars('Depot_7-North')).toBe(true);
    for (const ch of [' ', '+', '/', '?', '%', '&', '=']) expect(noForbiddenNameChars(`a${ch}b`)).toBe(false);
    const schema = withoutForbiddenChars(NameSchema);
    expect(messagesFor(schema, 'a=b', 'en', 'name')).toEqual(['name can not contain spaces or + / ? % & =']);
    expect(messagesFor(schema, 'a b', 'cn', '名称')).toEqual(['名称不能包含空格或+ / ? % & =']);
  });
});
