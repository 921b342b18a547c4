import { type Kysely, sql } from 'kysely';

/**
 * Staged rollouts (issue 14): a rollout may carry, after its version, apps to install and a
 * configuration change-set to apply, as one change per device. The later stages are kept on the
 * rollout; each device keeps the stage it is at, so any node's step (or a restarted one) sends the
 * right command next. A device's link health now includes its VPN tunnel, with a reason of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rollout add column stages jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table rollout_device add column stage integer not null default 0`.execute(db);
  // Link health also waits for a VPN member's tunnel; its failure has its own reason.
  await sql`alter table rollout_device drop constraint rollout_device_reason_kind_check`.execute(db);
  await sql`alter table rollout_device add constraint rollout_device_reason_kind_check
    check (reason_kind in ('catalogue', 'update', 'health', 'vpnHealth', 'config'))`.execute(db);
}
