import { z } from 'zod';
import type { Localized } from '../i18n.ts';

/**
 * Firmware and app update states (core §4). The device reports pending, updating, rebooting,
 * success and failure; the cloud alone decides timeout, when the RPC deadline passes first.
 */
export const UPDATE_STATES = ['pending', 'updating', 'rebooting', 'success', 'failure', 'timeout'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];
export const UpdateStateSchema = z.enum(UPDATE_STATES);

export const FINAL_UPDATE_STATES: readonly UpdateState[] = ['success', 'failure', 'timeout'];

/**
 * Allowed transitions. The spec leaves them open (core §4 "not shown"); this is the decision:
 * forward only, an app install may succeed without a reboot, any open state may fail or time out.
 */
export const UPDATE_TRANSITIONS: Record<UpdateState, readonly UpdateState[]> = {
  pending: ['updating', 'failure', 'timeout'],
  updating: ['rebooting', 'success', 'failure', 'timeout'],
  rebooting: ['success', 'failure', 'timeout'],
  success: [],
  failure: [],
  timeout: [],
};

export function canMoveUpdate(from: UpdateState, to: UpdateState): boolean {
  return from === to || UPDATE_TRANSITIONS[from].includes(to);
}

/**
 * App (and firmware) update error codes 0-16 (core §8), in the order of the sources. A device that
 * fails an install, update or uninstall replies `failure` with `error.code` from this table.
 */
export const UPDATE_ERRORS = [
  { code: 0, key: 'updateFailed', en: 'Update failed', cn: '升级失败' },
  { code: 1, key: 'insufficientMemory', en: 'Insufficient memory', cn: '内存不足' },
  { code: 2, key: 'downloadFailed', en: 'Download failed', cn: '下载失败' },
  { code: 3, key: 'checkFailed', en: 'Package check failed', cn: '校验失败' },
  { code: 4, key: 'invalidConfiguration', en: 'Invalid configuration', cn: '配置无效' },
  { code: 5, key: 'platformMismatch', en: 'Platform mismatch', cn: '平台不匹配' },
  { code: 6, key: 'incompatibleVersion', en: 'Incompatible version', cn: '版本不兼容' },
  { code: 7, key: 'boardTypeMismatch', en: 'Board type mismatch', cn: '板型不匹配' },
  { code: 8, key: 'lowMemory', en: 'Low memory', cn: '内存过低' },
  { code: 9, key: 'decryptFailed', en: 'Decryption failed', cn: '解密失败' },
  { code: 10, key: 'verificationFailed', en: 'Authentication (verification) failed', cn: '认证（验证）失败' },
  { code: 11, key: 'flashFailed', en: 'Flash (burn) failed', cn: '烧写失败' },
  {
    code: 12,
    key: 'templateAcrossVersions',
    en: 'The template cannot be applied across versions',
    cn: '模板不能跨版本应用',
  },
  {
    code: 13,
    key: 'upgradeAcrossVersions',
    en: 'The device cannot upgrade across versions',
    cn: '设备不能跨版本升级',
  },
  { code: 14, key: 'appNotInstalled', en: 'The app to uninstall is not installed', cn: '要卸载的应用未安装' },
  {
    code: 15,
    key: 'needsFirmware522',
    en: 'Please upgrade the firmware to v5.2.2 first',
    cn: '请先将固件升级到v5.2.2',
  },
  { code: 16, key: 'needsLicence', en: 'Please upgrade the device licence first', cn: '请先升级设备许可证' },
] as const satisfies readonly ({ code: number; key: string } & Localized)[];

export type UpdateErrorKey = (typeof UPDATE_ERRORS)[number]['key'];
export const UpdateErrorCodeSchema = z.number().int().min(0).max(16);

/** Code by name, so no code is written twice: `UPDATE_ERROR.downloadFailed` is 2. */
export const UPDATE_ERROR = Object.fromEntries(UPDATE_ERRORS.map((e) => [e.key, e.code])) as {
  [E in (typeof UPDATE_ERRORS)[number] as E['key']]: E['code'];
};

export function updateErrorText(code: number): Localized | undefined {
  const found = UPDATE_ERRORS.find((e) => e.code === code);
  return found ? { en: found.en, cn: found.cn } : undefined;
}

/**
 * The cloud's words (in `error.message`, with code 0) for a firmware install whose device came back on
 * its old version after the reboot: never a success (docs/device-protocol.md §9 "Evidence").
 */
export const FELL_BACK_MESSAGE = 'fell back to the previous image';
