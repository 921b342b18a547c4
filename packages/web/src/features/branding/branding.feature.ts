import { defineFeature, lazyPage } from '../../app/feature.ts';

const brandingPage = lazyPage(
  () => import('./branding-page.tsx'),
  (m) => m.BrandingPage,
);

/** A partner's logo and app name for its customers' consoles (the header shows them: shell-header.tsx). */
export const brandingFeature = defineFeature({
  area: 'branding',
  pages: {
    'distributorconsole/branding': brandingPage,
    'resellerconsole/branding': brandingPage,
  },
  menus: ['partnerBranding'],
  i18n: ['branding'],
});
