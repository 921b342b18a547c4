import type { Localized } from '@fleetport/contract';

/** The dashboard's server-made words: the group name of devices in no group. */
export const DASHBOARD_TEXT = {
  ungrouped: { en: 'Ungrouped', cn: '未分组' },
} satisfies Record<string, Localized>;
