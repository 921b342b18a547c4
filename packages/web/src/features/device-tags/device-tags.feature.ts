import { defineFeature, lazyPage } from '../../app/feature.ts';

export const deviceTagsFeature = defineFeature({
  area: 'device-tags',
  pages: {
    'robustlink/tags': lazyPage(
      () => import('./tags-page.tsx'),
      (m) => m.TagsPage,
    ),
  },
  menus: ['tags'],
  i18n: ['devices'],
});
