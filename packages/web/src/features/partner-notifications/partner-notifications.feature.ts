import { defineFeature, lazyPage } from '../../app/feature.ts';

const noticesPage = lazyPage(
  () => import('./notices-page.tsx'),
  (m) => m.NoticesPage,
);
const alertEmailsPage = lazyPage(
  () => import('./alert-emails-page.tsx'),
  (m) => m.AlertEmailsPage,
);

/** The partner consoles' notification centre and e-mail notifications, and their customers' inbox. */
export const partnerNotificationsFeature = defineFeature({
  area: 'partner-notifications',
  pages: {
    'distributorconsole/notificationCenter': noticesPage,
    'distributorconsole/emailNotifications': alertEmailsPage,
    'resellerconsole/notificationCenter': noticesPage,
    'resellerconsole/emailNotifications': alertEmailsPage,
    'operation/notificationCenter': lazyPage(
      () => import('./inbox-page.tsx'),
      (m) => m.InboxPage,
    ),
  },
  menus: ['partnerNotifications', 'partnerEmails', 'notifications'],
  i18n: ['partnerNotifications'],
});
