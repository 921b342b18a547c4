import { type Kysely, sql } from 'kysely';

/**
 * Every state change of a device in a rollout enters the device's event history (issue 14: "every
 * state change in the device's history"). Written by triggers, in the statement that changes the
 * state, so no path of the engine, a person's cancel or retry, or a second node can change a state
 * without its history line, and a rollout of 10,000 devices adds one insert per statement rather than
 * one per device. The line is a cloud event of type `rollout`, with what the events tab needs to say
 * it in the reader's language (contract device/event-text.ts). An update that leaves the state as it
 * was (progress, the command's id, the evidence marks) writes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function rollout_device_history() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into device_event (company_id, sn, at, type, severity, data)
        select a.company_id, a.sn, coalesce(a.updated_at, now()), 'rollout', null,
               jsonb_build_object('rolloutId', a.rollout_id, 'rollout', r.name, 'state', a.state)
          from added a join rollout r on r.id = a.rollout_id
         order by a.position;
      else
        insert into device_event (company_id, sn, at, type, severity, data)
        select a.company_id, a.sn, a.updated_at, 'rollout', null,
               jsonb_strip_nulls(jsonb_build_object(
                 'rolloutId', a.rollout_id, 'rollout', r.name, 'state', a.state, 'from', b.state,
                 'batch', a.batch, 'stage', a.stage, 'reasonKind', a.reason_kind, 'reasonCode', a.reason_code))
          from added a
          join removed b on b.rollout_id = a.rollout_id and b.sn = a.sn
          join rollout r on r.id = a.rollout_id
         where a.state is distinct from b.state
         order by a.position;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger rollout_device_history_insert after insert on rollout_device
    referencing new table as added for each statement execute function rollout_device_history()`.execute(db);
  await sql`create trigger rollout_device_history_update after update on rollout_device
    referencing old table as removed new table as added
    for each statement execute function rollout_device_history()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger rollout_device_history_update on rollout_device`.execute(db);
  await sql`drop trigger rollout_device_history_insert on rollout_device`.execute(db);
  await sql`drop function rollout_device_history`.execute(db);
}
