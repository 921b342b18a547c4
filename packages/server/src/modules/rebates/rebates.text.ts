import type { Localized } from '@fleetport/contract';

/** The rebate export's sheet, and the seller cell of a sale the platform made itself. */
export const REBATE_EXPORT_TEXT = {
  sheetName: { en: 'Rebates', cn: '返利' },
  platform: { en: 'Platform', cn: '平台' },
} satisfies Record<string, Localized>;
