import type { Localized } from '@fleetport/contract';

/** The customer export's sheet, and how a customer's licences read in one cell. */
export const CUSTOMER_EXPORT_TEXT = {
  sheetName: { en: 'My customers', cn: '我的客户' },
  /** One product of the licences cell: `Essential 5 / 3`. */
  licence: { en: '{product} {unused} / {assigned}', cn: '{product} {unused} / {assigned}' },
} satisfies Record<string, Localized>;
