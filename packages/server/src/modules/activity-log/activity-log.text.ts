import type { Localized } from '@fleetport/contract';

/** The activity log export's sheet and result words (headers and action names are the contract's). */
export const ACTIVITY_EXPORT_TEXT = {
  sheetName: { en: 'Activity log', cn: '活动日志' },
  success: { en: 'Success', cn: '成功' },
  // The platform's own entries (a rollout's batch started) are nobody's.
  system: { en: 'System (automatic)', cn: '系统（自动）' },
} satisfies Record<string, Localized>;
