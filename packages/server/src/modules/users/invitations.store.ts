import { createHash } from 'node:crypto';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An invitation into the scope's one owning company (a set of companies is refused, 5). */
export async function insertInvitation(
  db: DbOrTx,
  scope: CompanyScope,
  row: {
    email: string;
    roleId: number;
    token: string;
    inviterId: number;
    now: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const companyId = owningCompany(scope);
  // A new invitation to the same address replaces a pending one: only the latest link works.
  await db
    .deleteFrom('user_invitation')
    .where('company_id', '=', companyId)
    .where('email', '=', row.email)
    .where('state', '=', 'pending')
    .execute();
  const inserted = await db
    .insertInto('user_invitation')
    .values({
      company_id: companyId,
      email: row.email,
      role_id: row.roleId,
      token_hash: hashToken(row.token),
      state: 'pending',
      inviter_user_id: row.inviterId,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** An invitation with what its page shows, found by the mailed token. */
export async function findByToken(db: DbOrTx, token: string) {
  return db
    .selectFrom('user_invitation')
    .innerJoin('company', 'company.id', 'user_invitation.company_id')
    .innerJoin('role', 'role.id', 'user_invitation.role_id')
    .leftJoin('app_user as inviter', 'inviter.id', 'user_invitation.inviter_user_id')
    .select([
      'user_invitation.id',
      'user_invitation.company_id',
      'user_invitation.email',
      'user_invitation.role_id',
      'user_invitation.state',
      'user_invitation.expires_at',
      'company.name as company_name',
      'role.name as role_name',
      'role.role_type',
      'inviter.user_name as inviter_name',
    ])
    .where('user_invitation.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/** Marks a pending invitation accepted; false when another request got there first. */
export async function markAccepted(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('user_invitation')
    .set({ state: 'accepted', accepted_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export async function deleteInvitation(db: DbOrTx, id: number) {
  await db.deleteFrom('user_invitation').where('id', '=', id).execute();
}

/** The invitations into the scope's companies, newest first. */
export async function listInvitations(db: DbOrTx, scope: CompanyScope, offset: number, limit: number) {
  const base = db
    .selectFrom('user_invitation')
    .where('user_invitation.company_id', 'in', scopedCompanyIds(scope));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await base
    .innerJoin('role', 'role.id', 'user_invitation.role_id')
    .leftJoin('app_user as inviter', 'inviter.id', 'user_invitation.inviter_user_id')
    .select([
      'user_invitation.id',
      'user_invitation.email',
      'user_invitation.role_id',
      'user_invitation.state',
      'user_invitation.created_at',
      'role.name as role_name',
      'inviter.user_name as inviter_name',
    ])
    .orderBy('user_invitation.created_at', 'desc')
    .orderBy('user_invitation.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(total.n), list };
}
