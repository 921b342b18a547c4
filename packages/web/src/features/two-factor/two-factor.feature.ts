import { defineFeature } from '../../app/feature.ts';

/**
 * Two-factor sign-in (issue 18): no pages of its own. The sign-in code step loads lazily with the login
 * page's second step, My Account shows the card, the company account page the policy.
 */
export const twoFactorFeature = defineFeature({
  area: 'two-factor',
  menus: [],
  i18n: ['twoFactor'],
});
