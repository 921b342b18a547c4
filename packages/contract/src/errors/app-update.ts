import type { Localized } from '../i18n.ts';

/**
 * Result codes a device reports for a firmware or app update (core §8 "App update error codes 0-16").
 * They are a separate numbering from the envelope codes, so they live outside the catalogue.
 * The array index is the code; the order is the one core §8 gives.
 */
export const APP_UPDATE_ERRORS: readonly (Localized & { code: number })[] = [
  { code: 0, en: 'Update failed', cn: '更新失败' },
  { code: 1, en: 'Insufficient memory', cn: '内存不足' },
  { code: 2, en: 'Download failed', cn: '下载失败' },
  { code: 3, en: 'Check failed', cn: '校验失败' },
  { code: 4, en: 'Invalid configuration', cn: '配置无效' },
  { code: 5, en: 'Platform mismatch', cn: '平台不匹配' },
  { code: 6, en: 'Incompatible version', cn: '版本不兼容' },
  { code: 7, en: 'Board type mismatch', cn: '板卡类型不匹配' },
  { code: 8, en: 'Low memory', cn: '内存过低' },
  { code: 9, en: 'Decryption failed', cn: '解密失败' },
  { code: 10, en: 'Authentication (verification) failed', cn: '认证（校验）失败' },
  { code: 11, en: 'Flash (burn) failed', cn: '烧录失败' },
  { code: 12, en: 'The template cannot be applied across versions', cn: '模板不能跨版本应用' },
  { code: 13, en: 'The device cannot upgrade across versions', cn: '设备不能跨版本升级' },
  { code: 14, en: 'The app to uninstall is not installed', cn: '要卸载的应用未安装' },
  { code: 15, en: 'Please upgrade the firmware to v5.2.2 first', cn: '请先将固件升级到v5.2.2' },
  { code: 16, en: 'Please upgrade the device licence first', cn: '请先升级设备许可证' },
];

/** The text for an update result code; unknown codes read as the generic "update failed". */
export function appUpdateError(code: number): Localized {
  return APP_UPDATE_ERRORS[code] ?? APP_UPDATE_ERRORS[0]!;
}
