import {
  listReleaseNotesCall,
  manageReleaseNotesCall,
  markReleaseNoteSeenCall,
  pendingReleaseNoteCall,
  removeReleaseNoteCall,
  saveReleaseNoteCall,
} from '@fleetport/contract';
import { bind, requireSession } from '../../platform/http/calls.ts';
import * as notes from './release-notes.service.ts';

/** The release-notes area's calls: reading for everyone signed in, writing for the Super Admin. */
export function releaseNoteRoutes(deps: notes.ReleaseNotesDeps) {
  return [
    bind(listReleaseNotesCall, async (ctx) => {
      requireSession(ctx);
      return notes.listNotes(deps, ctx.input);
    }),
    bind(pendingReleaseNoteCall, async (ctx) => notes.pendingNote(deps, requireSession(ctx).userId)),
    bind(markReleaseNoteSeenCall, async (ctx) =>
      notes.markSeen(deps, requireSession(ctx).userId, ctx.input.id, ctx.lang),
    ),
    bind(manageReleaseNotesCall, async (ctx) => notes.manageNotes(deps, ctx.input)),
    bind(saveReleaseNoteCall, async (ctx) => notes.saveNote(deps, ctx.input, ctx.lang)),
    bind(removeReleaseNoteCall, async (ctx) => notes.removeNote(deps, ctx.input.id, ctx.lang)),
  ];
}
