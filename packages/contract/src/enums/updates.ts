import type { UpdateState } from '../device/update.ts';
import type { Labels } from './labels.ts';

/** When an update runs (core §4 "Update timing"). */
export const UPDATE_TIMINGS = ['immediately', 'specificTime', 'updateOnly'] as const;
export type UpdateTiming = (typeof UPDATE_TIMINGS)[number];
export const UPDATE_TIMING_LABELS: Labels<UpdateTiming> = {
  immediately: { en: 'Immediately', cn: '立即' },
  specificTime: { en: 'At a specific time', cn: '指定时间' },
  updateOnly: { en: 'Update only (applied on next reboot)', cn: '仅更新（下次重启后生效）' },
};

/** Labels of the update states (UPDATE_STATES and their transitions live in ../device/update.ts). */
export const UPDATE_STATE_LABELS: Labels<UpdateState> = {
  pending: { en: 'Pending', cn: '等待中' },
  updating: { en: 'Updating', cn: '更新中' },
  rebooting: { en: 'Rebooting', cn: '重启中' },
  success: { en: 'Success', cn: '成功' },
  failure: { en: 'Failure', cn: '失败' },
  timeout: { en: 'Timeout', cn: '超时' },
};

/** Firmware and app publication (core §4). */
export const PUBLISH_STATES = ['published', 'unpublished'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];
export const PUBLISH_STATE_LABELS: Labels<PublishState> = {
  published: { en: 'Published', cn: '已发布' },
  unpublished: { en: 'Unpublished', cn: '未发布' },
};

/** Zero-touch template, scheduled report, auto-renew and similar switches (core §4, features §4). */
export const ENABLED_STATES = ['enabled', 'disabled'] as const;
export type EnabledState = (typeof ENABLED_STATES)[number];
export const ENABLED_STATE_LABELS: Labels<EnabledState> = {
  enabled: { en: 'Enabled', cn: '已启用' },
  disabled: { en: 'Disabled', cn: '已禁用' },
};
