import { type Kysely, sql } from 'kysely';

/**
 * Where a change-set came from (issue 15, layering): a person's change to one device (`user`, which
 * makes the fields it changed the device's own settings, winning over its group's profile), a group
 * profile's rollout (`profile`) or a zero-touch template (`template`). Earlier rows are told apart by
 * what made them: a configuration rollout's device names its change-set, a template's has nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_change_set add column source text not null default 'user'
    check (source in ('user', 'profile', 'template'))`.execute(db);
  await sql`update device_change_set set source = 'profile'
     where id in (select d.rpc_id from rollout_device d join rollout r on r.id = d.rollout_id
                   where r.kind = 'config' and d.rpc_id is not null)`.execute(db);
  await sql`update device_change_set set source = 'template'
     where source = 'user' and created_by is null`.execute(db);
  await sql`create index device_change_set_own_idx on device_change_set (sn, created_at)
     where source = 'user' and state = 'applied'`.execute(db);
}
