import { defineFeature, lazyPage } from '../../app/feature.ts';

export const activityLogFeature = defineFeature({
  area: 'activity-log',
  pages: {
    'robustlink/activity': lazyPage(
      () => import('./activity-log-page.tsx'),
      (m) => m.ActivityLogPage,
    ),
  },
  menus: ['activity'],
  i18n: ['operation'],
});
