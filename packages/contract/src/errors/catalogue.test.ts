import { describe, expect, it } from 'vitest';
import { CORE_ERROR_CODES } from './core-codes.ts';
import { FEATURE_ERROR_CODES } from './feature-codes.ts';
import {
  APP_UPDATE_ERRORS,
  appUpdateError,
  CODES_WITH_REACTIONS,
  ELEVATOR_EVENT_CODES,
  ELEVATOR_FAULTS,
  ERROR_CATALOGUE,
  ErrorCode,
  elevatorFault,
  errorMessage,
  errorReaction,
  SILENT_CODES,
} from './index.ts';

/** Expands "8-11" into 8, 9, 10, 11; plain numbers stay as they are. */
function codes(list: string): number[] {
  return list.split(/[,\s]+/).flatMap((item) => {
    const range = /^(\d+)-(\d+)$/.exec(item);
    if (!range) return [Number(item)];
    const out: number[] = [];
    for (let c = Number(range[1]); c <= Number(range[2]); c++) out.push(c);
    return out;
  });
}

// Every code and range named in core.md §8 (table and handling rules) and features.md §8, copied from the spec.
const CORE_TABLE = codes(
  '1 2 3 5 6 8-11 12 15 20 101 404 500 14010 14030 14031 14032 14011 14081 14019 14020 14052 14053 14054 ' +
    '14091 14021-14029 14049 14050 14063 14065 15012-15018 15006 17000 120023 120052 120024 120043 120072 ' +
    '120074 120080 120095 120098 120100 180004 180006 180020 180021-180023 180024 180030 180032 180033 ' +
    '190301-190332 190302 190312 190320 190326 190327 190330 190604 190607 190610 190611 200010-200016 ' +
    '600001-600009 700001-700008 800001-800037 900001-900003 900101-900110 902000-902049 108 0 -1',
);
const CORE_SILENT = codes(
  '14091 120107 120108 190332 190331 190330 160021 160022 190308 120095 14047 120027 120028 14053 120069 ' +
    '120070 180015 190301 14082 14084 14085 14087 190325 900103 120089-120091 190326-190329 120001 190333 ' +
    '5010-5012 190118 190108 190335 902151 902153',
);
const FEATURES = codes(
  '800001-800037 900001-900003 900101-900110 902000-902049 600001-600009 190301-190332 190312 190320 ' +
    '190326 190327 190330 190302 120095 190308 120089-120091',
);

const OVERRIDES = new Map([
  [14091, 'accessWindow'],
  [14053, 'systemUpgrading'],
  [190308, 'upgrade'],
  [120095, 'upgrade'],
  [120089, 'warning'],
  [120090, 'warning'],
  [120091, 'warning'],
]);

describe('error catalogue', () => {
  it('holds every code either spec document names', () => {
    const missing = [...CORE_TABLE, ...CORE_SILENT, ...FEATURES].filter((c) => !ERROR_CATALOGUE.has(c));
    expect(missing).toEqual([]);
  });

  it('gives every entry an English and a different Chinese text', () => {
    for (const e of ERROR_CATALOGUE.values()) {
      expect(e.en.trim(), String(e.code)).not.toBe('');
      expect(e.cn.trim(), String(e.code)).not.toBe('');
      expect(e.cn, String(e.code)).not.toBe(e.en);
      expect(e.cn, String(e.code)).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const e of ERROR_CATALOGUE.values()) expect(names(e.cn), String(e.code)).toEqual(names(e.en));
  });

  it('exports the silent list of core §8 verbatim', () => {
    expect(SILENT_CODES).toEqual(CORE_SILENT);
  });

  it('handles the silent list silently, except the documented stronger reactions', () => {
    for (const code of SILENT_CODES)
      expect(errorReaction(code), String(code)).toBe(OVERRIDES.get(code) ?? 'silent');
    // Each code with a reaction of its own is a catalogue code: its message exists in both languages.
    expect(CODES_WITH_REACTIONS.filter((code) => !ERROR_CATALOGUE.has(code))).toEqual([]);
  });

  it('applies the special reactions of the handling rules', () => {
    // 610041: the Super Admin disabled the company; its sessions end.
    for (const code of [108, 3, 14019, 20, 610041]) expect(errorReaction(code)).toBe('logout');
    expect(errorReaction(0)).toBe('success');
    expect(errorReaction(14053)).toBe('systemUpgrading');
    expect(errorReaction(14091)).toBe('accessWindow');
    expect([190308, 120095].map(errorReaction)).toEqual(['upgrade', 'upgrade']);
    expect([120089, 120090, 120091].map(errorReaction)).toEqual(['warning', 'warning', 'warning']);
    const special = [...ERROR_CATALOGUE.keys()].filter(
      (code) => !['toast', 'silent'].includes(errorReaction(code)),
    );
    expect(special.sort((a, b) => a - b)).toEqual(
      [0, 3, 20, 108, 14019, 14053, 14091, 120089, 120090, 120091, 120095, 190308, 610041].sort(
        (a, b) => a - b,
      ),
    );
  });

  it('shows a toast for any other code, including unknown ones', () => {
    expect(errorReaction(190302)).toBe('toast');
    expect(errorReaction(800001)).toBe('toast');
    expect(errorReaction(987654)).toBe('toast');
    expect(errorMessage(987654, 'en')).toBe('Request error, please try again later');
  });

  it('shows lock minutes rounded up from the seconds in data', () => {
    expect(errorMessage(14031, 'en', 1801)).toBe('The account is locked, please try again in 31 minutes');
    expect(errorMessage(14031, 'cn', 1800)).toBe('账号已锁定，请30分钟后重试');
    expect(errorMessage(14032, 'en', 61)).toContain('locked for 2 minutes');
  });

  it('fills the numeric placeholders and the feature messages', () => {
    expect(errorMessage(180032, 'en', 20)).toBe('You can create at most 20 VPN groups');
    expect(errorMessage(17000, 'cn', 100)).toBe('每次最多转移100台设备');
    expect(errorMessage(ErrorCode.REFRESH_PARTIAL_FAILURE, 'en', { success: 3, fail: 2 })).toBe(
      'Refresh partial failure: 3 succeeded and 2 failed',
    );
    expect(errorMessage(ErrorCode.REFRESH_PARTIAL_FAILURE, 'cn', { success: 3, fail: 2 })).toBe(
      '刷新部分失败：3个成功，2个失败',
    );
    expect(errorMessage(ErrorCode.NO_SN_RECORD, 'en', 'RB1234567890')).toBe('No SN record RB1234567890');
    expect(errorMessage(ErrorCode.NO_SN_RECORDS, 'cn', ['RB01', 'RB02'])).toBe(
      '以下序列号没有记录：RB01, RB02',
    );
    expect(errorMessage(ErrorCode.ENDPOINT_ID_EXISTS, 'en')).toBe('Endpoint ID already exists');
    expect(errorMessage(ErrorCode.GATEWAY_NOT_FOUND, 'en')).toBe('The gateway does not exist');
    expect(errorMessage(ErrorCode.DO_NOT_REPEAT, 'en')).toMatch(/do not repeat$/);
    expect(errorMessage(ErrorCode.ALERT_MUST_BE_DISABLED, 'en')).toBe(
      'Alert must be disabled before operating',
    );
  });

  it('has a code for each message the spec quotes (core §7, §8; features §5, §8)', () => {
    const quoted = [
      'Endpoint ID already exists',
      'Product does not exist',
      'Group does not exist',
      'Associated gateway does not exist',
      'does not exist, please register it first',
      'Failed to obtain the address',
      'offline, so it cannot be tested',
      'does not support USR LED flashing',
      'SN is not in the list',
      'Ping failed because the device is offline',
      'redirection URL is invalid',
      'template configuration is empty',
      'Control or parameter report data does not meet specifications',
      'Alert must be disabled before operating',
      'Please save the parameters before other operations',
      'Refresh partial failure: {success} succeeded and {fail} failed',
      'licence or free trial has expired',
      'minimum firmware and app version',
      'Only enabled products can create endpoints',
      'Only one location method per product',
      'elevator ID already exists',
      'elevator name already exists',
      'gateway is already bound',
      'elevator code was not found',
      'purchase timed out, please refresh and retry',
      'card number is invalid',
      'card number is incomplete',
      'expiry date is invalid',
      '(CVC) is invalid',
      'Failed to create the IoT connector',
      'Failed to update the IoT connector',
      'Failed to remove the IoT connector',
      'do not repeat',
      'serial port is busy',
      'No permission to operate this device',
      'No SN record {sn}',
      'The gateway does not exist',
      'devices fall back to Basic',
      'User profile already exists',
      'The Report already exists',
    ];
    const texts = [...ERROR_CATALOGUE.values()].map((e) => e.en.toLowerCase());
    expect(quoted.filter((q) => !texts.some((t) => t.includes(q.toLowerCase())))).toEqual([]);
  });

  it('names only codes that exist, each name once', () => {
    const values = Object.values(ErrorCode);
    expect(values.filter((c) => !ERROR_CATALOGUE.has(c))).toEqual([]);
    expect(new Set(values).size).toBe(values.length);
    const shared = Object.keys(CORE_ERROR_CODES).filter((name) => name in FEATURE_ERROR_CODES);
    expect(shared).toEqual([]);
    expect(ErrorCode.ACCOUNT_LOCKED).toBe(14031);
    expect(ErrorCode.DEVICE_OFFLINE).toBe(120023);
  });
});

describe('app update errors', () => {
  it('lists codes 0-16 in the order of core §8', () => {
    expect(APP_UPDATE_ERRORS.map((e) => e.code)).toEqual(codes('0-16'));
    expect(APP_UPDATE_ERRORS[1]?.en).toBe('Insufficient memory');
    expect(APP_UPDATE_ERRORS[16]?.en).toBe('Please upgrade the device licence first');
    for (const e of APP_UPDATE_ERRORS) expect(e.cn).not.toBe(e.en);
  });

  it('reads unknown update codes as a failed update', () => {
    expect(appUpdateError(99).en).toBe('Update failed');
    expect(appUpdateError(9).cn).toBe('解密失败');
  });
});

describe('elevator faults', () => {
  it('describes every fault code 2-89 and every event code of features §8', () => {
    const faults = codes('2-89');
    expect(faults.filter((c) => !ELEVATOR_FAULTS[c])).toEqual([]);
    const events = codes('2-26 29 30 33-39 41-59 62 65 66 80-85 87 89');
    expect(ELEVATOR_EVENT_CODES.filter((c) => typeof c === 'number')).toEqual(events);
    expect(ELEVATOR_EVENT_CODES.slice(-3)).toEqual(['other', 'call_failed', 'call_rejected']);
    for (const c of ELEVATOR_EVENT_CODES) expect(elevatorFault(c).cn).toMatch(/[\u4e00-\u9fff]/);
  });

  it('names the families the spec gives and reads an unknown code as unknown', () => {
    expect(elevatorFault(2).en).toBe('Over current during acceleration');
    expect(elevatorFault(5).en).toBe('Over voltage during acceleration');
    expect(elevatorFault(11).en).toBe('Motor overload');
    expect(elevatorFault(48).en).toBe('Door open fault');
    expect(elevatorFault('call_rejected').cn).toBe('呼叫被拒绝');
    expect(elevatorFault(1)).toEqual({ en: 'Unknown fault 1', cn: '未知故障1' });
  });
});
