import {
  type CallParsedInput,
  COMPANY_TYPE,
  ErrorCode,
  type listNoticesCall,
  type markNoticesReadCall,
  type NoticeDraft,
  type PartnerNotice,
  type receivedNoticesCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { ownCompanyType } from '../customers/customers.store.ts';
import {
  deleteNoticeRow,
  findNotice,
  insertNotice,
  markRead,
  type NoticeFields,
  noticePage,
  receivedPage,
  setNoticeState,
  updateNoticeRow,
} from './notices.store.ts';
import { downstreamCustomers, notDownstream } from './partner-links.store.ts';

/**
 * The notification centre's rules: only a distributor or re-seller writes notices (15003), aimed at
 * its own downstream customers alone (15016); a published notice is neither changed (15011) nor
 * deleted (15007) until it is taken back, and one aimed at chosen customers needs at least one (15008).
 */
export type NoticeDeps = ModuleDeps<'db' | 'clock'>;

/** The caller's company is a distributor or re-seller; 15003 otherwise. */
export async function requirePartner({ db }: Pick<NoticeDeps, 'db'>, actor: Actor): Promise<void> {
  const type = await ownCompanyType(db, actor.scope);
  if (type !== COMPANY_TYPE.distributor && type !== COMPANY_TYPE.reseller)
    throw new AppError(ErrorCode.DISTRIBUTOR_ONLY);
}

async function checkedFields(deps: NoticeDeps, actor: Actor, draft: NoticeDraft): Promise<NoticeFields> {
  const customerIds = draft.audience === 'selected' ? [...new Set(draft.customerIds)] : [];
  const strangers = await notDownstream(deps.db, actor.scope, customerIds);
  // The ids are not named back: a stranger's id tells the caller nothing about that company.
  if (strangers.length) throw new AppError(ErrorCode.PARTNER_NOT_FOUND);
  return { ...draft, customerIds };
}

async function ownNotice(deps: NoticeDeps, actor: Actor, noticeId: number): Promise<PartnerNotice> {
  const notice = await findNotice(deps.db, actor.scope, noticeId);
  if (!notice) throw new AppError(ErrorCode.NOTICE_NOT_FOUND);
  return notice;
}

export async function listNotices(
  deps: NoticeDeps,
  actor: Actor,
  input: CallParsedInput<typeof listNoticesCall>,
) {
  await requirePartner(deps, actor);
  const { pageNum, pageSize, ...filter } = input;
  return noticePage(deps.db, actor.scope, filter, (pageNum - 1) * pageSize, pageSize);
}

export async function noticeCustomers(deps: NoticeDeps, actor: Actor) {
  await requirePartner(deps, actor);
  return downstreamCustomers(deps.db, actor.scope);
}

export async function createNotice(deps: NoticeDeps, actor: Actor, draft: NoticeDraft) {
  await requirePartner(deps, actor);
  const fields = await checkedFields(deps, actor, draft);
  const id = await inTransaction(deps.db, (tx) =>
    insertNotice(tx, actor.scope, fields, { userId: actor.userId, at: deps.clock.now() }),
  );
  return ownNotice(deps, actor, id);
}

export async function updateNotice(
  deps: NoticeDeps,
  actor: Actor,
  input: NoticeDraft & { noticeId: number },
) {
  await requirePartner(deps, actor);
  const { noticeId, ...draft } = input;
  const notice = await ownNotice(deps, actor, noticeId);
  if (notice.state === 'published') throw new AppError(ErrorCode.PUBLISHED_UNMODIFIABLE);
  const fields = await checkedFields(deps, actor, draft);
  await inTransaction(deps.db, (tx) => updateNoticeRow(tx, actor.scope, noticeId, fields, deps.clock.now()));
  return ownNotice(deps, actor, noticeId);
}

export async function publishNotice(deps: NoticeDeps, actor: Actor, noticeId: number) {
  await requirePartner(deps, actor);
  const notice = await ownNotice(deps, actor, noticeId);
  if (notice.state === 'published') throw new AppError(ErrorCode.ALREADY_PUBLISHED);
  // A chosen customer whose link has ended since no longer counts.
  const strangers = await notDownstream(
    deps.db,
    actor.scope,
    notice.customers.map((c) => c.companyId),
  );
  if (notice.audience === 'selected' && notice.customers.length - strangers.length === 0)
    throw new AppError(ErrorCode.TARGETS_REQUIRED);
  await setNoticeState(deps.db, actor.scope, noticeId, 'published', deps.clock.now());
  return ownNotice(deps, actor, noticeId);
}

export async function unpublishNotice(deps: NoticeDeps, actor: Actor, noticeId: number) {
  await requirePartner(deps, actor);
  const notice = await ownNotice(deps, actor, noticeId);
  if (notice.state !== 'published') throw new AppError(ErrorCode.NOT_PUBLISHED);
  await setNoticeState(deps.db, actor.scope, noticeId, 'draft', deps.clock.now());
  return ownNotice(deps, actor, noticeId);
}

export async function deleteNotice(deps: NoticeDeps, actor: Actor, noticeId: number) {
  await requirePartner(deps, actor);
  const notice = await ownNotice(deps, actor, noticeId);
  if (notice.state === 'published') throw new AppError(ErrorCode.PUBLISHED_UNDELETABLE);
  await deleteNoticeRow(deps.db, actor.scope, noticeId);
  return null;
}

/** The customer's side: its partners' published notices aimed at it, with the person's read state. */
export function receivedNotices(
  deps: NoticeDeps,
  actor: Actor,
  input: CallParsedInput<typeof receivedNoticesCall>,
) {
  const { pageNum, pageSize, ...filter } = input;
  return receivedPage(deps.db, actor.scope, actor.userId, filter, (pageNum - 1) * pageSize, pageSize);
}

export async function markNoticesRead(
  deps: NoticeDeps,
  actor: Actor,
  input: CallParsedInput<typeof markNoticesReadCall>,
) {
  await markRead(deps.db, actor.scope, actor.userId, input.noticeIds, deps.clock.now());
  const { unread } = await receivedPage(deps.db, actor.scope, actor.userId, {}, 0, 1);
  return { unread };
}
