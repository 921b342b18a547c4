import { defineFeature, lazyPage } from '../../app/feature.ts';

/** The operation console's notification settings: webhook destinations (issue 16). */
export const notificationsFeature = defineFeature({
  area: 'notifications',
  pages: {
    'operation/notification': lazyPage(
      () => import('./notification-settings-page.tsx'),
      (m) => m.NotificationSettingsPage,
    ),
  },
  menus: ['notificationSettings'],
  i18n: ['notifications'],
});
