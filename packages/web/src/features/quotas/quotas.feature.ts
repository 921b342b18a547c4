import { defineFeature } from '../../app/feature.ts';

/**
 * Delegated quotas: no page of their own. The editor is a tab of a customer's page (customers feature)
 * and a company's own limits a card of its licences page (licences feature); the Super Admin, who has
 * no console pages for companies, sets a distributor's through the API (docs/api.md).
 */
export const quotasFeature = defineFeature({
  area: 'quotas',
  menus: ['customers', 'licenses'],
  i18n: ['quotas'],
});
