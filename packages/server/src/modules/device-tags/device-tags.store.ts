import { ErrorCode, MAX_TAGS_PER_DEVICE, TAG_NAME_MAX } from '@fleetport/contract';
import { sql } from 'kysely';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import { containsPattern } from '../../platform/db/like.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';

/** SQL and rules of device tags: names per company (any case is one tag), links to devices. */

/** The catalogue code a tag name breaks, or null; names are trimmed first. */
export function tagNameProblem(name: string): number | null {
  const trimmed = name.trim();
  if (trimmed === '') return ErrorCode.TAG_NAME_EMPTY;
  if ([...trimmed].length > TAG_NAME_MAX) return ErrorCode.TAG_NAME_TOO_LONG;
  return null;
}

/** Trimmed, checked names without repeats (case-insensitive); throws the first broken rule's code. */
export function checkedTagNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const problem = tagNameProblem(name);
    if (problem) throw new AppError(problem, TAG_NAME_MAX);
    const trimmed = name.trim();
    if (!seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}

export async function listTags(db: DbOrTx, scope: CompanyScope, nameLike?: string) {
  let q = db
    .selectFrom('device_tag')
    .leftJoin('device_tag_link', 'device_tag_link.tag_id', 'device_tag.id')
    .select([
      'device_tag.id',
      'device_tag.name',
      (eb) => eb.fn.count<string>('device_tag_link.sn').as('device_count'),
    ])
    .where('device_tag.company_id', 'in', scopedCompanyIds(scope))
    .groupBy(['device_tag.id', 'device_tag.name'])
    .orderBy('device_tag.name');
  if (nameLike) q = q.where('device_tag.name', 'ilike', containsPattern(nameLike));
  const rows = await q.execute();
  return rows.map((r) => ({ tagId: Number(r.id), tagName: r.name, deviceCount: Number(r.device_count) }));
}

export async function findTag(db: DbOrTx, scope: CompanyScope, tagId: number) {
  const [tag] = (await listTags(db, scope)).filter((t) => t.tagId === tagId);
  if (!tag) throw new AppError(ErrorCode.TAG_NOT_FOUND);
  return tag;
}

export async function findTagByName(db: DbOrTx, scope: CompanyScope, name: string) {
  return db
    .selectFrom('device_tag')
    .select(['id', 'name'])
    .where('company_id', 'in', scopedCompanyIds(scope))
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** The ids of the named tags, creating those the company does not have yet. */
export async function ensureTags(
  db: DbOrTx,
  scope: CompanyScope,
  names: readonly string[],
): Promise<number[]> {
  if (names.length === 0) return [];
  const companyId = owningCompany(scope);
  await db
    .insertInto('device_tag')
    .values(names.map((name) => ({ company_id: companyId, name })))
    .onConflict((oc) => oc.expression(sql`company_id, lower(name)`).doNothing())
    .execute();
  const rows = await db
    .selectFrom('device_tag')
    .select('id')
    .where('company_id', '=', companyId)
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Renames a tag of the scope (the service has checked the name is free). */
export async function renameTag(db: DbOrTx, scope: CompanyScope, tagId: number, name: string): Promise<void> {
  await db
    .updateTable('device_tag')
    .set({ name })
    .where('id', '=', tagId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}

export async function deleteTag(db: DbOrTx, scope: CompanyScope, tagId: number): Promise<void> {
  await db
    .deleteFrom('device_tag')
    .where('id', '=', tagId)
    .where('company_id', 'in', scopedCompanyIds(scope))
    .execute();
}

/** Links tags to devices; a device that would carry more than 5 tags is refused with 200013. */
export async function linkTags(db: DbOrTx, sns: readonly string[], tagIds: readonly number[]): Promise<void> {
  if (sns.length === 0 || tagIds.length === 0) return;
  await db
    .insertInto('device_tag_link')
    .values(sns.flatMap((sn) => tagIds.map((tag_id) => ({ tag_id, sn }))))
    .onConflict((oc) => oc.columns(['tag_id', 'sn']).doNothing())
    .execute();
  const over = await db
    .selectFrom('device_tag_link')
    .select('sn')
    .where('sn', 'in', [...sns])
    .groupBy('sn')
    .having((eb) => eb.fn.countAll(), '>', MAX_TAGS_PER_DEVICE)
    .executeTakeFirst();
  if (over) throw new AppError(ErrorCode.TAGS_PER_DEVICE, MAX_TAGS_PER_DEVICE);
}

export async function unlinkTags(
  db: DbOrTx,
  sns: readonly string[],
  tagIds?: readonly number[],
): Promise<void> {
  if (sns.length === 0) return;
  let q = db.deleteFrom('device_tag_link').where('sn', 'in', [...sns]);
  if (tagIds) {
    if (tagIds.length === 0) return;
    q = q.where('tag_id', 'in', [...tagIds]);
  }
  await q.execute();
}
