import { defineFeature, lazyPage } from '../../app/feature.ts';

/**
 * Release notes (issue 18): Support's page for every signed-in user, the Super Admin's page that
 * writes them, and the once-per-user notice the shell loads after it is drawn (shell-layout.tsx).
 */
export const releaseNotesFeature = defineFeature({
  area: 'release-notes',
  pages: {
    'support/releaseNotes': lazyPage(
      () => import('./release-notes-page.tsx'),
      (m) => m.ReleaseNotesPage,
    ),
    'superAdmin/releaseNotes': lazyPage(
      () => import('./manage-release-notes-page.tsx'),
      (m) => m.ManageReleaseNotesPage,
    ),
  },
  menus: ['releaseNotes'],
  i18n: ['releaseNotes'],
});
