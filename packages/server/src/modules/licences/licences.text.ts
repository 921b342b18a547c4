import type { Localized } from '@fleetport/contract';

/** The billing export's sheet and the word for a row no person made (the expiry job's). */
export const BILLING_EXPORT_TEXT = {
  sheetName: { en: 'Billing history', cn: '账单' },
  system: { en: 'System', cn: '系统' },
} satisfies Record<string, Localized>;
