import type { Localized } from '@fleetport/contract';

/** The alert centre export's sheet (headers are the contract's ALERT_EXPORT_COLUMNS). */
export const ALERT_EXPORT_TEXT = {
  sheetName: { en: 'Alerts', cn: '告警' },
} satisfies Record<string, Localized>;
