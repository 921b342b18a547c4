import { describe, expect, it } from 'vitest';
import {
  accountPasswordSchema,
  checkAccountPassword,
  deviceResetPasswordSchema,
  deviceUserPasswordLongSchema,
  deviceUserPasswordSchema,
  hasKeyboardRun,
  legacyPasswordSchema,
  PASSWORD_MISMATCH,
  passwordsMatch,
  strongPasswordSchema,
} from './password.ts';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';

describe('hasKeyboardRun', () => {
  it.each([
    '1234',
    'qwer',
    'ASDF',
    'zxcv',
    '!@#$',
    'QwEr',
    '7890',
    '0123',
    'op[]',
    'xx4321xx',
    'rewq',
    '$#@!',
  ])('finds the run in %s', (value) => expect(hasKeyboardRun(value)).toBe(true));
  it.each(['123', 'qwe', 'abcd', '1qaz', '1357', 'qwrt', 'asdg', '12a34'])('finds no run in %s', (value) =>
    expect(hasKeyboardRun(value)).toBe(false),
  );
  it('honours a custom run length', () => {
    expect(hasKeyboardRun('qwe', 3)).toBe(true);
    expect(hasKeyboardRun('qwer', 5)).toBe(false);
    expect(hasKeyboardRun('qwert', 5)).toBe(true);
  });
});

describe('account password (current rule)', () => {
  const ctx = { account: 'ops@fleet.io', userName: 'Marta' };

  it('accepts a 12-character password with every class and no run', () => {
    expect(checkAccountPassword('Tr0ub4dor&Zx', ctx)).toBeNull();
    expect(messagesFor(accountPasswordSchema(ctx), 'Tr0ub4dor&Zx')).toEqual([]);
  });

  it('refuses 11 characters', () => {
    expect(checkAccountPassword('Tr0ub4dor&Z', ctx)).toBe('passwordMin12');
    expect(messagesFor(accountPasswordSchema(ctx), 'Tr0ub4dor&Z')).toEqual([
      'The password must be at least 12 characters',
    ]);
    expect(messagesFor(accountPasswordSchema(ctx), 'Tr0ub4dor&Z', 'cn')).toEqual(['密码长度不能少于12位']);
  });

  it('refuses a missing class, naming it', () => {
    expect(checkAccountPassword('TR0UB4DOR&ZX', ctx)).toBe('passwordNeedsLowercase');
    expect(checkAccountPassword('tr0ub4dor&zx', ctx)).toBe('passwordNeedsUppercase');
    expect(checkAccountPassword('TrOubadOr&Zx', ctx)).toBe('passwordNeedsDigit');
    expect(checkAccountPassword('Tr0ub4dor9Zx', ctx)).toBe('passwordNeedsSpecial');
  });

  it('refuses "Abcdefgh!234" for the 1234 run, in both languages', () => {
    expect(checkAccountPassword('Abcdefgh!234', ctx)).toBe('passwordKeyboardRun');
    expect(messagesFor(accountPasswordSchema(ctx), 'Abcdefgh!234')).toEqual([
      'The password must not contain 4 or more consecutive keyboard or digit characters, such as 1234, qwer or asdf',
    ]);
    expect(messagesFor(accountPasswordSchema(ctx), 'Abcdefgh!234', 'cn')).toEqual([
      '密码不能包含4个及以上连续的键盘字符或数字，如1234、qwer、asdf',
    ]);
  });

  it.each(['Xy9!Qwer7Kpm', 'Xy9!ASDF7kpm', 'Xy9!zXcV7Kpm', 'Xy9k!@#$7Kpm'])(
    'refuses the keyboard run in %s case-insensitively',
    (password) => expect(checkAccountPassword(password, ctx)).toBe('passwordKeyboardRun'),
  );

  it('refuses a password containing the account or user name, ignoring case', () => {
    expect(checkAccountPassword('x9!OPS@FLEET.IO', ctx)).toBe('passwordContainsName');
    expect(checkAccountPassword('Zz9!marta7Kpm', ctx)).toBe('passwordContainsName');
    expect(checkAccountPassword('Zz9!marta7Kpm', {})).toBeNull();
    expect(messagesFor(accountPasswordSchema(ctx), 'Zz9!marta7Kpm', 'cn')).toEqual([
      '密码不能包含用户名或账号',
    ]);
  });

  it('says "The password can not be empty" for an empty or missing password', () => {
    expect(messagesFor(accountPasswordSchema(ctx), '')).toEqual(['The password can not be empty']);
    expect(messagesFor(accountPasswordSchema(ctx), undefined)).toEqual(['The password can not be empty']);
    expect(messagesFor(accountPasswordSchema(ctx), '', 'cn')).toEqual(['密码不能为空']);
  });

  it('reports a mismatched confirmation with the spec sentence', () => {
    expect(passwordsMatch('Tr0ub4dor&Zx', 'Tr0ub4dor&Zx')).toBe(true);
    expect(passwordsMatch('Tr0ub4dor&Zx', 'tr0ub4dor&Zx')).toBe(false);
    expect(ruleText(PASSWORD_MISMATCH, 'en')).toBe('The passwords are different. Please enter again');
    expect(ruleText(PASSWORD_MISMATCH, 'cn')).toBe('两次输入的密码不一致，请重新输入');
  });
});

describe('older and strong rules', () => {
  it('legacy: 8 characters with four classes', () => {
    expect(messagesFor(legacyPasswordSchema, 'Ab1!xyzw')).toEqual([]);
    expect(messagesFor(legacyPasswordSchema, 'Ab1!xyz')).toEqual([
      'The password must be at least 8 characters',
    ]);
    expect(messagesFor(legacyPasswordSchema, 'Ab1xyzwv')).toEqual([
      'The password must contain a special character',
    ]);
  });

  it('strong: 8-30 characters, specials only from !@#$%^&*()_-+.', () => {
    expect(messagesFor(strongPasswordSchema, 'Ab1.xyzw')).toEqual([]);
    expect(messagesFor(strongPasswordSchema, `Ab1_${'x'.repeat(26)}`)).toEqual([]);
    expect(messagesFor(strongPasswordSchema, `Ab1_${'x'.repeat(27)}`)).toEqual([
      'The password must be 8-30 characters',
    ]);
    expect(messagesFor(strongPasswordSchema, 'Ab1_xyz')).toEqual(['The password must be 8-30 characters']);
    expect(messagesFor(strongPasswordSchema, 'Ab1~xyzw')).toEqual([
      'The password may contain only letters, digits and !@#$%^&*()_-+.',
    ]);
  });
});

describe('device passwords', () => {
  it('device user: 5-33 characters from letters, digits and !@#$*-., not a single class', () => {
    expect(messagesFor(deviceUserPasswordSchema, 'abc1.')).toEqual([]);
    expect(messagesFor(deviceUserPasswordSchema, `a1${'x'.repeat(31)}`)).toEqual([]);
    expect(messagesFor(deviceUserPasswordSchema, 'ab1.')).toEqual(['The password must be 5-33 characters']);
    expect(messagesFor(deviceUserPasswordSchema, `a1${'x'.repeat(32)}`, 'cn')).toEqual([
      '密码长度须为5-33位',
    ]);
    expect(messagesFor(deviceUserPasswordSchema, 'abcdef')).toEqual([
      'The password must combine at least two of: lowercase letters, uppercase letters, digits and symbols',
    ]);
    expect(messagesFor(deviceUserPasswordSchema, '123456', 'cn')).toEqual([
      '密码须至少包含小写字母、大写字母、数字、符号中的两种',
    ]);
    expect(messagesFor(deviceUserPasswordSchema, 'abc1%x')).toEqual([
      'The password may contain only letters, digits and !@#$*-.',
    ]);
  });

  it('device user long variant: 12-30, not a single class, no leading special', () => {
    expect(messagesFor(deviceUserPasswordLongSchema, 'abcdefghijk1')).toEqual([]);
    expect(messagesFor(deviceUserPasswordLongSchema, 'abcdefghij1')).toEqual([
      'The password must be 12-30 characters',
    ]);
    expect(messagesFor(deviceUserPasswordLongSchema, `a1${'x'.repeat(29)}`)).toEqual([
      'The password must be 12-30 characters',
    ]);
    expect(messagesFor(deviceUserPasswordLongSchema, '!abcdefghij1')).toEqual([
      'The password must not start with a special character',
    ]);
    expect(messagesFor(deviceUserPasswordLongSchema, '!abcdefghij1', 'cn')).toEqual([
      '密码不能以特殊字符开头',
    ]);
    expect(messagesFor(deviceUserPasswordLongSchema, 'abcdefghijkl')).toEqual([
      'The password must combine at least two of: lowercase letters, uppercase letters, digits and symbols',
    ]);
  });

  it('device reset: 5-33 with two of four classes from @#$.*!-', () => {
    expect(messagesFor(deviceResetPasswordSchema, 'ABCD@')).toEqual([]);
    expect(messagesFor(deviceResetPasswordSchema, 'abcdE')).toEqual([]);
    expect(messagesFor(deviceResetPasswordSchema, 'abcde')).toHaveLength(1);
    expect(messagesFor(deviceResetPasswordSchema, 'abC1')).toEqual(['The password must be 5-33 characters']);
    expect(messagesFor(deviceResetPasswordSchema, 'abcd1+')).toEqual([
      'The password may contain only letters, digits and @#$.*!-',
    ]);
  });
});
