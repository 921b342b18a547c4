import type { Localized } from '@fleetport/contract';

/** The words the checkout area writes itself: the purchase orders export's sheet and cells. */
export const ORDER_EXPORT_TEXT = {
  sheetName: { en: 'Purchase orders', cn: '采购订单' },
} satisfies Record<string, Localized>;
