import {
  type AlertSeverity,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationChoice,
  notificationCells,
} from '@fleetport/contract';
import type { Actor } from '../../platform/auth/actor.ts';
import { owningCompany } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/**
 * SQL of each person's notification choices (migration 0730). A person's own are keyed by the
 * scope's owning company and the person (they exist once per person and company, like their page
 * columns); the channels, acting for their company, read who switched a cell off.
 */

type Owner = Pick<Actor, 'scope' | 'userId'>;

const cellKey = (category: string, level: string | null, channel: string) =>
  `${category}:${level ?? ''}:${channel}`;

/** Every cell of the caller's table: their choice, or on. */
export async function choicesOf(db: DbOrTx, owner: Owner): Promise<NotificationChoice[]> {
  const rows = await db
    .selectFrom('notification_choice')
    .select(['category', 'level', 'channel', 'enabled'])
    .where('company_id', '=', owningCompany(owner.scope))
    .where('user_id', '=', owner.userId)
    .execute();
  const chosen = new Map(rows.map((r) => [cellKey(r.category, r.level, r.channel), r.enabled]));
  return notificationCells().map((c) => ({
    ...c,
    enabled: chosen.get(cellKey(c.category, c.level, c.channel)) ?? true,
  }));
}

/** Sets the named cells of the caller's own choices. */
export async function saveChoices(
  db: DbOrTx,
  owner: Owner,
  choices: readonly NotificationChoice[],
  at: Date,
): Promise<void> {
  const companyId = owningCompany(owner.scope);
  await db
    .insertInto('notification_choice')
    .values(
      choices.map((c) => ({
        company_id: companyId,
        user_id: owner.userId,
        category: c.category,
        level: c.level ?? '',
        channel: c.channel,
        enabled: c.enabled,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['company_id', 'user_id', 'category', 'level', 'channel']).doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Who of a company switched a channel off, by cell: `muted(userId, category, level)` answers whether
 * that person does not want this category (and level) on this channel. One read per delivery run.
 */
export async function switchedOff(db: DbOrTx, companyId: number, channel: NotificationChannel) {
  const rows = await db
    .selectFrom('notification_choice')
    .select(['user_id', 'category', 'level'])
    .where('company_id', '=', companyId)
    .where('channel', '=', channel)
    .where('enabled', '=', false)
    .execute();
  const off = new Set(rows.map((r) => `${r.user_id}:${r.category}:${r.level}`));
  return {
    muted: (userId: number, category: NotificationCategory, level: AlertSeverity | string | null = null) =>
      off.has(`${userId}:${category}:${level ?? ''}`),
    /** The people who switched this cell off. */
    usersOff: (category: NotificationCategory, level: string | null = null) =>
      rows.filter((r) => r.category === category && r.level === (level ?? '')).map((r) => Number(r.user_id)),
  };
}

export type SwitchedOff = Awaited<ReturnType<typeof switchedOff>>;
