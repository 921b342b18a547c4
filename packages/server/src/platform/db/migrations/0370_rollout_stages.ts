import { type Kysely, sql } from 'kysely';

/**
 * Staged rollouts (issue 14): a rollout may carry, after its version, apps to install and a
 * configuration change-set to apply, as one change per device. The later stages are kept on the
 * rollout; each device keeps the stage it is at, so any node's step (or a restarted one) sends the
 * right command next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rollout add column stages jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table rollout_device add column stage integer not null default 0`.execute(db);
}
