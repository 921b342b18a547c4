import { defineFeature, lazyPage } from '../../app/feature.ts';

const brandingPage = lazyPage(
  () => import('./branding-page.tsx'),
  (m) => m.BrandingPage,
);

const oemPage = lazyPage(
  () => import('./oem-page.tsx'),
  (m) => m.OemPage,
);

/**
 * A partner's logo and app name for its customers' consoles, and any company's OEM settings (console
 * names, logo, e-mail banner): the header shows them (shell-header.tsx).
 */
export const brandingFeature = defineFeature({
  area: 'branding',
  pages: {
    'distributorconsole/branding': brandingPage,
    'resellerconsole/branding': brandingPage,
    'operation/oem': oemPage,
  },
  menus: ['partnerBranding', 'oem'],
  i18n: ['branding'],
});
