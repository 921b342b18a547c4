import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { ReleaseVersionSchema } from '../rules/release-notes.ts';
import { defineCall } from './define.ts';
import { StoredFileSchema } from './files.ts';

/**
 * Release notes (issue 18; core §3 "Release note": version, start and end time, attachment): the Super
 * Admin writes them, every signed-in user reads them under Support, and each user is shown a note once
 * while its window is open (docs/decisions.md "Release notes").
 */

/** What's new, in each language; up to 4,000 characters, plain text (line breaks kept). */
const NoteText = z.string().trim().max(4000);

export const ReleaseNoteSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  contentEn: z.string(),
  contentCn: z.string(),
  /** Unix ms: shown from. */
  startTime: z.number().int(),
  /** Unix ms: shown until. */
  endTime: z.number().int(),
  /** `kind=releaseAttachment` (under 200 MB), with a fresh download link. */
  attachment: StoredFileSchema.nullable(),
});
export type ReleaseNote = z.infer<typeof ReleaseNoteSchema>;

const Id = z.number().int().positive();

export const ReleaseNoteInputSchema = z
  .strictObject({
    version: ReleaseVersionSchema,
    contentEn: NoteText,
    contentCn: NoteText,
    startTime: z.number().int().nonnegative(),
    endTime: z.number().int().nonnegative(),
    /** A platform file uploaded by the Super Admin with `kind=releaseAttachment`; null: none. */
    attachmentFileId: Id.nullable(),
  })
  .superRefine((n, ctx) => {
    if (n.endTime <= n.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'startAfterEnd' });
    if (n.contentEn === '' && n.contentCn === '' && n.attachmentFileId === null)
      ctx.addIssue({ code: 'custom', path: ['contentEn'], message: 'releaseNoteEmpty' });
  });

export const listReleaseNotesCall = defineCall({
  id: 'releaseNotes.list',
  method: 'POST',
  path: '/pl/releaseNote/list',
  input: PageQuerySchema.extend({ version: z.string().trim().max(20).optional() }).strict(),
  output: pageSchema(ReleaseNoteSchema),
  permission: 'session',
  paged: true,
  summary: 'Release notes whose window has started, newest first (part of the version filters)',
});

export const pendingReleaseNoteCall = defineCall({
  id: 'releaseNotes.pending',
  method: 'POST',
  path: '/pl/releaseNote/pending',
  input: z.strictObject({}),
  output: ReleaseNoteSchema.nullable(),
  permission: 'session',
  summary: 'The newest note in its window the caller has not been shown yet (null: none)',
});

export const markReleaseNoteSeenCall = defineCall({
  id: 'releaseNotes.seen',
  method: 'POST',
  path: '/pl/releaseNote/seen',
  input: z.strictObject({ id: Id }),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'The caller was shown the note: it is not shown again',
});

export const manageReleaseNotesCall = defineCall({
  id: 'releaseNotes.manage',
  method: 'POST',
  path: '/pl/releaseNote/manage',
  input: PageQuerySchema.strict(),
  output: pageSchema(ReleaseNoteSchema),
  permission: 'superAdmin',
  paged: true,
  summary: 'Every release note, scheduled ones too, newest start first',
});

export const saveReleaseNoteCall = defineCall({
  id: 'releaseNotes.save',
  method: 'POST',
  path: '/pl/releaseNote/save',
  input: z.strictObject({ id: Id.nullable(), note: ReleaseNoteInputSchema }),
  output: ReleaseNoteSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: 'Create (id null) or change a release note; an attachment not a release attachment is code 1',
});

export const removeReleaseNoteCall = defineCall({
  id: 'releaseNotes.remove',
  method: 'POST',
  path: '/pl/releaseNote/remove',
  input: z.strictObject({ id: Id }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Remove a release note (and who was shown it)',
});

export const RELEASE_NOTE_CALLS = [
  listReleaseNotesCall,
  pendingReleaseNoteCall,
  markReleaseNoteSeenCall,
  manageReleaseNotesCall,
  saveReleaseNoteCall,
  removeReleaseNoteCall,
] as const;
