import { sql } from 'kysely';
import type { DbOrTx } from '../../platform/db/open.ts';

/** People, companies, roles and memberships. Every function takes the database or a transaction. */

export async function findUserByAccount(db: DbOrTx, loginAccount: string) {
  return db.selectFrom('app_user').selectAll().where('login_account', '=', loginAccount).executeTakeFirst();
}

export async function findUserById(db: DbOrTx, userId: number) {
  return db.selectFrom('app_user').selectAll().where('id', '=', userId).executeTakeFirst();
}

export async function insertUser(
  db: DbOrTx,
  user: {
    loginAccount: string;
    userName: string;
    passwordHash: string;
    now: Date;
    initialPwd?: number;
    superAdmin?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('app_user')
    .values({
      login_account: user.loginAccount,
      user_name: user.userName,
      password_hash: user.passwordHash,
      password_changed_at: user.now,
      initial_pwd: user.initialPwd ?? 0,
      super_admin: user.superAdmin ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateUserName(db: DbOrTx, userId: number, userName: string) {
  await db.updateTable('app_user').set({ user_name: userName }).where('id', '=', userId).execute();
}

export async function anySuperAdmin(db: DbOrTx): Promise<boolean> {
  const row = await db.selectFrom('app_user').select('id').where('super_admin', '=', true).executeTakeFirst();
  return Boolean(row);
}

export async function companyNameTaken(db: DbOrTx, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertCompany(db: DbOrTx, name: string, type: number): Promise<number> {
  const row = await db.insertInto('company').values({ name, type }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertRootGroup(db: DbOrTx, companyId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('company_group')
    .values({ company_id: companyId, parent_id: null, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertRole(
  db: DbOrTx,
  role: { companyId: number; name: string; roleType: number; isDefault: boolean; funCodes: string[] },
): Promise<number> {
  const row = await db
    .insertInto('role')
    .values({
      company_id: role.companyId,
      name: role.name,
      role_type: role.roleType,
      is_default: role.isDefault,
      fun_codes: JSON.stringify(role.funCodes),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertMembership(
  db: DbOrTx,
  member: { companyId: number; userId: number; roleId: number; isDefault: boolean; isDelete: number },
) {
  await db
    .insertInto('company_user')
    .values({
      company_id: member.companyId,
      user_id: member.userId,
      role_id: member.roleId,
      is_default: member.isDefault,
      is_delete: member.isDelete,
    })
    .execute();
}

export async function countMemberships(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('company_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A person's companies with the role held in each. */
export async function listMemberships(db: DbOrTx, userId: number) {
  const rows = await db
    .selectFrom('company_user')
    .innerJoin('company', 'company.id', 'company_user.company_id')
    .innerJoin('role', 'role.id', 'company_user.role_id')
    .select([
      'company.id as company_id',
      'company.name as company_name',
      'company.type as company_type',
      'company.disabled_at',
      'company_user.is_default',
      'company_user.status',
      'role.role_type',
    ])
    .where('company_user.user_id', '=', userId)
    .execute();
  return rows.map((r) => ({
    companyId: Number(r.company_id),
    companyName: r.company_name,
    companyType: Number(r.company_type),
    isDefault: r.is_default,
    enabled: r.status === 1,
    /** The Super Admin disabled the company (0620): nobody signs in to it. */
    companyDisabled: r.disabled_at !== null,
    roleType: Number(r.role_type),
  }));
}

/** Everything core §3 "User info" shows about a person in one company. */
export async function findUserInCompany(db: DbOrTx, userId: number, companyId: number) {
  return db
    .selectFrom('company_user')
    .innerJoin('company', 'company.id', 'company_user.company_id')
    .innerJoin('role', 'role.id', 'company_user.role_id')
    .leftJoin('company_group', (join) =>
      join.onRef('company_group.company_id', '=', 'company.id').on('company_group.parent_id', 'is', null),
    )
    .select([
      'company.name as company_name',
      'company.type as company_type',
      'company_user.is_delete',
      'company_user.status',
      'role.id as role_id',
      'role.name as role_name',
      'role.role_type',
      'company_group.id as root_group_id',
    ])
    .where('company_user.user_id', '=', userId)
    .where('company_user.company_id', '=', companyId)
    .executeTakeFirst();
}

/** A deployment setting kept in app_setting (e.g. `oneCompanyPerAccount`). */
export async function readSetting<T>(db: DbOrTx, key: string, fallback: T): Promise<T> {
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

/** The language a person signed in with: their mail's language (docs/decisions.md "A person's language"). */
export async function rememberLanguage(db: DbOrTx, userId: number, lang: string) {
  await db
    .updateTable('app_user')
    .set({ language: lang })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', lang)]))
    .execute();
}
