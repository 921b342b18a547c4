import { defineModule } from '../../platform/module.ts';
import { releaseNoteRoutes } from './release-notes.routes.ts';

export const releaseNotesModule = defineModule({
  area: 'release-notes',
  uses: ['db', 'clock', 'files'],
  routes: releaseNoteRoutes,
  tables: ['release_note', 'release_note_seen'],
});
