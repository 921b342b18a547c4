import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';
import { type RuleCheck, refineWith } from './rule.ts';

/**
 * Password rules of core §5. The server alone checks reuse of the last 5 passwords (code 12): it holds the
 * history. Each check returns the message key of the first broken rule so the sign-in form can show one
 * sentence at a time, in the order a user fixes them: length, character classes, name, keyboard runs.
 */
registerRuleMessages({
  passwordEmpty: { en: 'The password can not be empty', cn: '密码不能为空' },
  passwordMismatch: {
    en: 'The passwords are different. Please enter again',
    cn: '两次输入的密码不一致，请重新输入',
  },
  passwordMin12: { en: 'The password must be at least 12 characters', cn: '密码长度不能少于12位' },
  passwordMin8: { en: 'The password must be at least 8 characters', cn: '密码长度不能少于8位' },
  passwordLength8to30: { en: 'The password must be 8-30 characters', cn: '密码长度须为8-30位' },
  passwordLength5to33: { en: 'The password must be 5-33 characters', cn: '密码长度须为5-33位' },
  passwordLength12to30: { en: 'The password must be 12-30 characters', cn: '密码长度须为12-30位' },
  passwordNeedsLowercase: { en: 'The password must contain a lowercase letter', cn: '密码须包含小写字母' },
  passwordNeedsUppercase: { en: 'The password must contain an uppercase letter', cn: '密码须包含大写字母' },
  passwordNeedsDigit: { en: 'The password must contain a digit', cn: '密码须包含数字' },
  passwordNeedsSpecial: { en: 'The password must contain a special character', cn: '密码须包含特殊字符' },
  passwordContainsName: {
    en: 'The password must not contain the user name or account',
    cn: '密码不能包含用户名或账号',
  },
  passwordKeyboardRun: {
    en: 'The password must not contain 4 or more consecutive keyboard or digit characters, such as 1234, qwer or asdf',
    cn: '密码不能包含4个及以上连续的键盘字符或数字，如1234、qwer、asdf',
  },
  passwordStrongChars: {
    en: 'The password may contain only letters, digits and !@#$%^&*()_-+.',
    cn: '密码只能包含字母、数字和!@#$%^&*()_-+.',
  },
  passwordDeviceChars: {
    en: 'The password may contain only letters, digits and !@#$*-.',
    cn: '密码只能包含字母、数字和!@#$*-.',
  },
  passwordResetChars: {
    en: 'The password may contain only letters, digits and @#$.*!-',
    cn: '密码只能包含字母、数字和@#$.*!-',
  },
  passwordSingleClass: {
    en: 'The password must combine at least two of: lowercase letters, uppercase letters, digits and symbols',
    cn: '密码须至少包含小写字母、大写字母、数字、符号中的两种',
  },
  passwordStartsWithSpecial: {
    en: 'The password must not start with a special character',
    cn: '密码不能以特殊字符开头',
  },
});

// ---- keyboard runs -------------------------------------------------------------------------------

/** Rows of a US keyboard, unshifted, plus the digit sequence (0123 is as guessable as 1234). */
const SEQUENCES = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./', '0123456789'];

/** A shifted symbol sits on the same key as its unshifted twin: !@#$ is the 1234 run typed with shift. */
const UNSHIFTED: Record<string, string> = {
  '~': '`',
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
  _: '-',
  '+': '=',
  '{': '[',
  '}': ']',
  '|': '\\',
  ':': ';',
  '"': "'",
  '<': ',',
  '>': '.',
  '?': '/',
};

const runsByLength = new Map<number, string[]>();

/** Every run of `length` keys along a row, in both directions. */
function keyboardRuns(length: number): string[] {
  let runs = runsByLength.get(length);
  if (!runs) {
    runs = [];
    for (const row of SEQUENCES) {
      for (const line of [row, [...row].reverse().join('')]) {
        for (let i = 0; i + length <= line.length; i++) runs.push(line.slice(i, i + length));
      }
    }
    runsByLength.set(length, runs);
  }
  return runs;
}

/**
 * True when `value` holds `length` or more consecutive keys of one keyboard row or digits (1234, qwer, asdf,
 * zxcv, !@#$), ignoring case and shift: "!234" is the 1234 run. Descending runs (4321, rewq, $#@!) count
 * too — a reversed row is just as guessable. Columns (1qaz) and the alphabet (abcd) are not rows.
 */
export function hasKeyboardRun(value: string, length = 4): boolean {
  if (length < 2 || value.length < length) return false;
  const keys = [...value.toLowerCase()].map((ch) => UNSHIFTED[ch] ?? ch).join('');
  return keyboardRuns(length).some((run) => keys.includes(run));
}

// ---- character classes ---------------------------------------------------------------------------

const LOWER = /[a-z]/;
const UPPER = /[A-Z]/;
const DIGIT = /[0-9]/;
/** Any printable ASCII symbol counts as special for account passwords. */
const SPECIAL = /[!-/:-@[-`{-~]/;

/** Missing class of lowercase, uppercase, digit and special, in that order, or null when all are there. */
function missingClass(password: string, special: RegExp = SPECIAL): string | null {
  if (!LOWER.test(password)) return 'passwordNeedsLowercase';
  if (!UPPER.test(password)) return 'passwordNeedsUppercase';
  if (!DIGIT.test(password)) return 'passwordNeedsDigit';
  if (!special.test(password)) return 'passwordNeedsSpecial';
  return null;
}

/** How many of lowercase, uppercase, digit and `symbols` the password uses. */
function classCount(password: string, symbols: RegExp): number {
  return [LOWER, UPPER, DIGIT, symbols].filter((re) => re.test(password)).length;
}

/** The string schema a password rule hangs on: a missing or empty value says the spec's sentence. */
function passwordString() {
  return z.string({ error: (issue) => (issue.input === undefined ? 'passwordEmpty' : undefined) });
}

function passwordSchema(check: RuleCheck<string>) {
  return passwordString().superRefine(refineWith(check));
}

// ---- account passwords -------------------------------------------------------------------------------

export const ACCOUNT_PASSWORD_MIN = 12;
export const KEYBOARD_RUN_LENGTH = 4;

export interface AccountPasswordContext {
  account?: string;
  userName?: string;
}

/** Core §5 current rule; the message key of the first broken rule, or null. */
export function checkAccountPassword(password: string, ctx: AccountPasswordContext = {}): string | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < ACCOUNT_PASSWORD_MIN) return 'passwordMin12';
  const missing = missingClass(password);
  if (missing) return missing;
  const lower = password.toLowerCase();
  for (const name of [ctx.userName, ctx.account]) {
    const needle = name?.trim().toLowerCase();
    if (needle && lower.includes(needle)) return 'passwordContainsName';
  }
  if (hasKeyboardRun(password, KEYBOARD_RUN_LENGTH)) return 'passwordKeyboardRun';
  return null;
}

export function accountPasswordSchema(ctx: AccountPasswordContext = {}) {
  return passwordSchema((password) => checkAccountPassword(password, ctx));
}

export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}

/** Message key shown on the confirmation field when `passwordsMatch` is false. */
export const PASSWORD_MISMATCH = 'passwordMismatch';

/** Older rule: at least 8 characters with lowercase, uppercase, digit and special. */
export function checkLegacyPassword(password: string): string | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < 8) return 'passwordMin8';
  return missingClass(password);
}
export const legacyPasswordSchema = passwordSchema(checkLegacyPassword);

const STRONG_SPECIAL = /[!@#$%^&*()_\-+.]/;
const STRONG_CHARS = /^[A-Za-z0-9!@#$%^&*()_\-+.]*$/;

/** Strong variant of the older rule: 8-30 characters, all four classes, specials only from !@#$%^&*()_-+. */
export function checkStrongPassword(password: string): string | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < 8 || password.length > 30) return 'passwordLength8to30';
  if (!STRONG_CHARS.test(password)) return 'passwordStrongChars';
  return missingClass(password, STRONG_SPECIAL);
}
export const strongPasswordSchema = passwordSchema(checkStrongPassword);

// ---- passwords stored on the device --------------------------------------------------------------
// "Not a single class" is read with the four classes of the reset rule (features §5 says "at least two of
// four classes" for the same device-user password), so Abcde (lower + upper) passes and abcde does not.

const DEVICE_SYMBOLS = /[!@#$*\-.]/;
const DEVICE_CHARS = /^[A-Za-z0-9!@#$*\-.]*$/;
const RESET_SYMBOLS = /[@#$.*!-]/;
const RESET_CHARS = /^[A-Za-z0-9@#$.*!-]*$/;

/** Device-user password: 5-33 characters from letters, digits and !@#$*-., not a single class. */
export function checkDeviceUserPassword(password: string): string | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < 5 || password.length > 33) return 'passwordLength5to33';
  if (!DEVICE_CHARS.test(password)) return 'passwordDeviceChars';
  return classCount(password, DEVICE_SYMBOLS) < 2 ? 'passwordSingleClass' : null;
}
export const deviceUserPasswordSchema = passwordSchema(checkDeviceUserPassword);

/**
 * Long device-user variant: 12-30 characters, not a single class, not starting with a special. The spec
 * names no character set for it; it keeps the device-user set, since the same device stores it.
 */
export function checkDeviceUserPasswordLong(password: string): string | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < 12 || password.length > 30) return 'passwordLength12to30';
  if (!DEVICE_CHARS.test(password)) return 'passwordDeviceChars';
  if (DEVICE_SYMBOLS.test(password[0]!)) return 'passwordStartsWithSpecial';
  return classCount(password, DEVICE_SYMBOLS) < 2 ? 'passwordSingleClass' : null;
}
export const deviceUserPasswordLongSchema = passwordSchema(checkDeviceUserPasswordLong);

/** Device password reset: 5-33 characters, at least two of lowercase, uppercase, @#$.*!- and digits. */
export function checkDeviceResetPassword(password: string): string | null {
  if (password === '') return 'passwordEmpty';
  if (password.length < 5 || password.length > 33) return 'passwordLength5to33';
  if (!RESET_CHARS.test(password)) return 'passwordResetChars';
  return classCount(password, RESET_SYMBOLS) < 2 ? 'passwordSingleClass' : null;
}
export const deviceResetPasswordSchema = passwordSchema(checkDeviceResetPassword);
