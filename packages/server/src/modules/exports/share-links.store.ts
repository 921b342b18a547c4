import type { ShareLinkState } from '@fleetport/contract';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { RecordOwner } from './exports.store.ts';

/**
 * SQL of share links that name a subject rather than an export record (support resources and FAQ
 * entries, migration 0600): the same `export_share_link` rows and the same seeShareFile page. A removed
 * link is kept with `removed_at`, so its maker sees it as removed rather than gone.
 */

export interface SubjectLinkRow {
  shareId: string;
  createdAt: Date;
  expiresAt: Date;
  state: ShareLinkState;
}

/** A link's state at `now`: removed wins over expired. */
export function shareLinkState(
  link: { expires_at: Date; removed_at: Date | null },
  now: Date,
): ShareLinkState {
  if (link.removed_at) return 'removed';
  return new Date(link.expires_at) <= now ? 'expired' : 'valid';
}

/** The owner's links of one subject, newest first. */
export async function listSubjectLinks(
  db: DbOrTx,
  owner: RecordOwner,
  subject: { kind: string; id: number },
  now: Date,
): Promise<SubjectLinkRow[]> {
  const rows = await db
    .selectFrom('export_share_link')
    .select(['id', 'created_at', 'expires_at', 'removed_at'])
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('subject', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    shareId: r.id,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    state: shareLinkState(r, now),
  }));
}

/** Removes one of the owner's subject links (kept as removed); false when it has none by that id. */
export async function removeSubjectLink(
  db: DbOrTx,
  owner: RecordOwner,
  shareId: string,
  at: Date,
): Promise<boolean> {
  const done = await db
    .updateTable('export_share_link')
    .set({ removed_at: at })
    .where('id', '=', shareId)
    .where('company_id', '=', owner.companyId)
    .where('user_id', '=', owner.userId)
    .where('subject', 'is not', null)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Every link of a subject that is itself removed reads `removed`. */
export async function removeLinksOfSubject(
  db: DbOrTx,
  subject: { kind: string; id: number },
  at: Date,
): Promise<void> {
  await db
    .updateTable('export_share_link')
    .set({ removed_at: at })
    .where('subject', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where('removed_at', 'is', null)
    .execute();
}
