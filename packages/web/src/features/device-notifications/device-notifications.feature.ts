import { defineFeature, lazyPage } from '../../app/feature.ts';

export const deviceNotificationsFeature = defineFeature({
  area: 'device-notifications',
  pages: {
    'robustlink/noti': lazyPage(
      () => import('./notifications-page.tsx'),
      (m) => m.NotificationsPage,
    ),
  },
  menus: ['deviceNotifications'],
  i18n: ['deviceNotifications'],
});
