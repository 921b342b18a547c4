import { faqShareSubject, resourceShareSubject } from '../support/support.share.ts';
import type { ShareSubjectSource } from './share-subject.ts';

/** Every subject a share link can name besides an export record. */
export const SHARE_SUBJECT_SOURCES: readonly ShareSubjectSource[] = [resourceShareSubject, faqShareSubject];

export function shareSubjectOf(kind: string): ShareSubjectSource | undefined {
  return SHARE_SUBJECT_SOURCES.find((s) => s.kind === kind);
}
