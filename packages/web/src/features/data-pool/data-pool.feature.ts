import { defineFeature } from '../../app/feature.ts';

/**
 * The VPN data pool (issue 13). The spec gives it no page of its own: it is a tab of the licences page
 * (operation/licenses), which renders `DataPoolTab`; its buttons check the licences menu's funCodes.
 */
export const dataPoolFeature = defineFeature({
  area: 'data-pool',
  menus: ['licenses'],
  i18n: ['dataPool'],
});
