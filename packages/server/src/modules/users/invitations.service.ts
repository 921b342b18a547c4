import { randomBytes } from 'node:crypto';
import {
  type acceptInvitationCall,
  type CallParsedInput,
  ErrorCode,
  type Lang,
  ruleText,
} from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, companyScope, owningCompany } from '../../platform/auth/actor.ts';
import { hashPassword } from '../../platform/auth/password-hash.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { renderMail } from '../../platform/mail/mail-text.ts';
import { assertMayJoinCompany } from '../accounts/accounts.service.ts';
import * as accounts from '../accounts/accounts.store.ts';
import { assertPasswordRule, rememberPassword } from '../accounts/passwords.ts';
import { countMembers } from '../company-account/company-account.store.ts';
import * as store from './invitations.store.ts';
import { assertProvisionerCandidate } from './provisioners.ts';
import { assignableRole } from './users.service.ts';
import { findMember } from './users.store.ts';
import { INVITATION_MAIL } from './users.text.ts';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The console page the mail links to (core §2 public route /emailToLogin). */
export function invitationLink(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  request: FastifyRequest,
  token: string,
): string {
  return `${request.protocol}://${request.host}${deps.config.basePath}emailToLogin?token=${token}`;
}

/**
 * Invites an address into the actor's company with a role the actor may hand out. A person who already
 * belongs is refused (700005); one who cannot join another company is refused now (14049, 14050) rather
 * than after they click.
 */
export async function inviteUser(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  input: { email: string; roleId: number },
  lang: Lang,
  request: FastifyRequest,
): Promise<{ invitationId: number }> {
  // An invitation is into one company: the one the actor writes into (a set of companies is refused, 5).
  const companyId = owningCompany(actor.scope);
  const email = input.email.toLowerCase();
  const now = deps.clock.now();
  const token = randomBytes(32).toString('base64url');
  const { invitationId, mail } = await inTransaction(deps.db, async (tx) => {
    const role = await assignableRole(tx, actor, input.roleId);
    const existing = await accounts.findUserByAccount(tx, email);
    if (existing) {
      if (await findMember(tx, companyScope(companyId), Number(existing.id)))
        throw new AppError(ErrorCode.USER_ALREADY_MEMBER);
      await assertMayJoinCompany(tx, Number(existing.id));
    }
    await assertProvisionerCandidate(
      tx,
      actor.scope,
      Number(role.role_type),
      existing ? Number(existing.id) : null,
    );
    const company = await accounts.findUserInCompany(tx, actor.userId, companyId);
    const inviter = await accounts.findUserById(tx, actor.userId);
    const id = await store.insertInvitation(tx, actor.scope, {
      email,
      roleId: Number(role.id),
      token,
      inviterId: actor.userId,
      now,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
    });
    const message = renderMail(INVITATION_MAIL, lang, email, {
      companyName: company?.company_name ?? '',
      inviterName: inviter?.user_name ?? '',
      roleName: role.name,
      link: invitationLink(deps, request, token),
      days: INVITATION_DAYS,
    });
    return { invitationId: id, mail: message };
  });
  await deps.mailer.send(mail);
  return { invitationId };
}

/** A usable invitation: unknown, refused or expired links are 700008; accepted ones 700007. */
async function pendingInvitation(deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>, token: string) {
  const invitation = await store.findByToken(deps.db, token);
  if (!invitation || new Date(invitation.expires_at) <= deps.clock.now())
    throw new AppError(ErrorCode.INVITATION_NOT_FOUND);
  if (invitation.state === 'accepted') throw new AppError(ErrorCode.INVITATION_ACCEPTED);
  return invitation;
}

export async function viewInvitation(deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>, token: string) {
  const invitation = await pendingInvitation(deps, token);
  const person = await accounts.findUserByAccount(deps.db, invitation.email);
  return {
    companyName: invitation.company_name,
    email: invitation.email,
    roleName: invitation.role_name,
    inviterName: invitation.inviter_name ?? '',
    state: invitation.state,
    hasAccount: Boolean(person),
  };
}

function missingFields(fields: string[], lang: Lang): AppError {
  const list = fields.map((field) => ({ field, message: ruleText('required', lang, { name: field }) }));
  return new AppError(
    ErrorCode.PARAMETER_ERROR,
    { fields: list },
    400,
    list.map((f) => `${f.field}: ${f.message}`).join('; '),
  );
}

/**
 * Joins the invited company. A person without an account sets a user name and password here and the
 * account is created (the link proved the mailbox, so no code is needed).
 */
export async function acceptInvitation(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  input: CallParsedInput<typeof acceptInvitationCall>,
  lang: Lang,
): Promise<{ companyId: number; accountCreated: boolean }> {
  const invitation = await pendingInvitation(deps, input.token);
  const now = deps.clock.now();
  const companyId = Number(invitation.company_id);
  const person = await accounts.findUserByAccount(deps.db, invitation.email);
  if (!person) {
    const missing = (['userName', 'password'] as const).filter((f) => !input[f]);
    if (missing.length) throw missingFields([...missing], lang);
    assertPasswordRule(input.password!, { account: invitation.email, userName: input.userName }, lang);
  }
  const passwordHash = person ? null : await hashPassword(input.password!);
  return inTransaction(deps.db, async (tx) => {
    // Claimed first, so two clicks on the link cannot both join (the second is 700007).
    if (!(await store.markAccepted(tx, Number(invitation.id), now)))
      throw new AppError(ErrorCode.INVITATION_ACCEPTED);
    // Still a partner's person when they accept (they may have left the distributor since).
    await assertProvisionerCandidate(
      tx,
      companyScope(companyId),
      Number(invitation.role_type),
      person ? Number(person.id) : null,
    );
    let userId: number;
    if (person) {
      userId = Number(person.id);
      // The link names its company; whoever follows it has no session scope yet.
      if (await findMember(tx, companyScope(companyId), userId))
        throw new AppError(ErrorCode.USER_ALREADY_MEMBER);
      await assertMayJoinCompany(tx, userId);
    } else {
      userId = await accounts.insertUser(tx, {
        loginAccount: invitation.email,
        userName: input.userName!,
        passwordHash: passwordHash!,
        now,
      });
      await rememberPassword(tx, userId, passwordHash!, now);
    }
    const isDefault = (await accounts.countMemberships(tx, userId)) === 0;
    // The first member of a company (the owner a partner invited when adding it as a customer) is its
    // default user, who cannot be removed or leave (14025), as registration's owner is.
    const first = (await countMembers(tx, companyScope(companyId))) === 0;
    await accounts.insertMembership(tx, {
      companyId,
      userId,
      roleId: Number(invitation.role_id),
      isDefault,
      isDelete: first ? 0 : 1,
    });
    return { companyId, accountCreated: !person };
  });
}

export async function refuseInvitation(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  token: string,
): Promise<void> {
  const invitation = await pendingInvitation(deps, token);
  await store.deleteInvitation(deps.db, Number(invitation.id));
}

export async function listInvitations(
  deps: ModuleDeps<'clock' | 'config' | 'db' | 'mailer'>,
  actor: Actor,
  page: { pageNum: number; pageSize: number },
) {
  const { total, list } = await store.listInvitations(
    deps.db,
    actor.scope,
    (page.pageNum - 1) * page.pageSize,
    page.pageSize,
  );
  return {
    total,
    list: list.map((r) => ({
      invitationId: Number(r.id),
      email: r.email,
      roleId: Number(r.role_id),
      roleName: r.role_name,
      state: r.state,
      inviterName: r.inviter_name ?? '',
      invitedAt: new Date(r.created_at).getTime(),
    })),
  };
}
