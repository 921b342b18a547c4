import {
  ACTIVE_ROLLOUT_DEVICE_STATES,
  batchSize,
  ErrorCode,
  inWindow,
  passesFailureLimit,
  type RolloutDeviceState,
  type RolloutState,
} from '@fleetport/contract';
import { sql } from 'kysely';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, companyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import { isAppError } from '../../platform/errors.ts';
import { recordSystemActivity } from '../activity-log/system-activity.ts';
import { applyProfileChangeSet, NOTHING_CHANGES } from '../device-config/device-config.service.ts';
import { createInstalls, UPDATE_SPACING_MS } from '../device-software/device-install.service.ts';
import { moveRollout, type RolloutRow, rolloutById, rolloutsWithWork } from './rollouts.store.ts';
import type { StopReason } from './rollouts.tables.ts';

/**
 * The rollout engine (issue 14). One step, `advance`, moves a rollout forward from what is stored:
 * 1. every started device takes the state of its install command (the command's own evidence: a
 *    firmware install succeeds only on the hello of the new version), then waits in `verifying` for a
 *    fresh telemetry sample after its boot with a signal, within the health minutes;
 * 2. the current batch is judged: failures and timeouts past the limit stop the rollout at once
 *    (pause or halt); a batch that ended under its success % stops it too;
 * 3. when the batch has ended well, the next one starts with the devices waiting longest whose own
 *    clock is inside the maintenance window.
 * Every state lives in the database, so any node's step (the sweep every few seconds, or a step asked
 * for by a person's action) continues where another left off, after a restart too.
 */

export type RolloutEngineDeps = ModuleDeps<'clock' | 'db' | 'gateway' | 'files' | 'hub'>;

/** A batch's devices claimed but not yet sent after this long were left by a node that died: send again. */
const UNSENT_AFTER_MS = 5 * 60_000;
/** Devices written per statement (11 parameters each, far under PostgreSQL's 65,535). */
const WRITE_CHUNK = 500;
/** Refusals that only mean "not now": the device waits for a later batch. */
const SPACING_CODES: readonly number[] = [ErrorCode.UPDATE_TOO_SOON, ErrorCode.DEVICE_UPDATING];

interface ActiveRow {
  sn: string;
  /** 0: the rollout's version; then its stages. */
  stage: number;
  state: RolloutDeviceState;
  rpc_id: string | null;
  percent: number | null;
  succeeded_at: Date | null;
  updated_at: Date;
  rpc_state: string | null;
  rpc_error: unknown;
  rpc_updated_at: Date | null;
  /** A configuration's change-set state (the `rpc_id` is then the change-set's id). */
  cs_state: string | null;
}

interface DeviceChange {
  sn: string;
  from: RolloutDeviceState;
  state: RolloutDeviceState;
  percent?: number | null;
  reasonCode?: number | null;
  reasonKind?: 'catalogue' | 'update' | 'health' | 'vpnHealth' | 'config' | null;
  reasonText?: string | null;
  succeededAt?: Date | null;
}

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

function truthy(value: unknown): boolean {
  return value === true || value === 1 || ['1', 'true', 'enable', 'enabled', 'yes'].includes(String(value));
}

/** What an ended install command, or a change-set, means for its device. */
function fromCommand(row: ActiveRow, healthMinutes: number, now: Date): DeviceChange | null {
  if (row.cs_state === 'queued' || row.cs_state === 'applying')
    return row.state === 'updating' ? null : { sn: row.sn, from: row.state, state: 'updating' };
  if (row.cs_state === 'rejected' || row.cs_state === 'reverted' || row.cs_state === 'expired')
    return {
      sn: row.sn,
      from: row.state,
      state: 'failure',
      // Its end and words stay on the change-set; the list reads them there.
      reasonKind: 'config',
      reasonCode: null,
      reasonText: null,
    };
  if (row.rpc_state === 'success' || row.cs_state === 'applied') {
    if (healthMinutes === 0) return { sn: row.sn, from: row.state, state: 'success', percent: 100 };
    return { sn: row.sn, from: row.state, state: 'verifying', percent: 100, succeededAt: now };
  }
  if (row.rpc_state === 'failure') {
    const error = (json(row.rpc_error) ?? {}) as { code?: unknown; message?: unknown };
    return {
      sn: row.sn,
      from: row.state,
      state: 'failure',
      reasonKind: 'update',
      reasonCode: typeof error.code === 'number' ? error.code : 0,
      reasonText: typeof error.message === 'string' ? error.message.slice(0, 500) : null,
    };
  }
  if (row.rpc_state === 'timeout') return { sn: row.sn, from: row.state, state: 'timeout' };
  return null;
}

export function createRolloutEngine(deps: RolloutEngineDeps) {
  const { db, clock, hub } = deps;
  const installs = createInstalls(deps);

  async function activeDevices(rolloutId: number): Promise<ActiveRow[]> {
    const { rows } = await sql<ActiveRow>`
      select rd.sn, rd.stage, rd.state, rd.rpc_id, rd.percent, rd.succeeded_at, rd.updated_at,
             rc.state as rpc_state, rc.error as rpc_error, rc.updated_at as rpc_updated_at,
             cs.state as cs_state
        from rollout_device rd
        left join rpc_command rc on rc.id = rd.rpc_id
        left join device_change_set cs on cs.id = rd.rpc_id
       where rd.rollout_id = ${rolloutId}
         and rd.state in (${sql.join([...ACTIVE_ROLLOUT_DEVICE_STATES])})`.execute(db);
    return rows;
  }

  /** The last `updateProgress` each running command's device reported. */
  async function progressOf(rows: readonly ActiveRow[]) {
    const running = rows.filter((r) => r.rpc_id && r.rpc_state === 'inExecution');
    const found = new Map<string, { state: string; percent: number | null }>();
    if (running.length === 0) return found;
    const { rows: events } = await sql<{ rpc_id: string; state: string; percent: number | null }>`
      select distinct on (data->>'rpcId') data->>'rpcId' as rpc_id, data->>'state' as state,
             (data->>'percent')::float as percent
        from device_event
       where type = 'updateProgress'
         and sn in (${sql.join(running.map((r) => r.sn))})
         and data->>'rpcId' in (${sql.join(running.map((r) => r.rpc_id!))})
       order by data->>'rpcId', at desc, id desc`.execute(db);
    for (const e of events) found.set(e.rpc_id, { state: e.state, percent: e.percent });
    return found;
  }

  /**
   * Devices in `verifying` with their evidence: online, and the best signal count of the telemetry
   * samples stored after the install was sent and, on the device's own clock, not before its last boot
   * since then (null: no such sample yet).
   */
  async function healthOf(rolloutId: number) {
    const { rows } = await sql<{
      sn: string;
      online: boolean;
      capabilities: unknown;
      signals: number | null;
      vpn_down: boolean;
    }>`
      select rd.sn, d.online, d.capabilities,
        -- A member of a running VPN group: its hub must have seen its tunnel up since the update succeeded.
        exists (select 1 from vpn_member m join vpn_group g on g.id = m.group_id
                 where m.sn = rd.sn and m.kind = 'device' and m.active and g.state = 'running'
                   and not (m.vpn_state = 'connected' and m.status_at >= rd.succeeded_at)) as vpn_down,
        (select max(jsonb_array_length(coalesce(t.data->'signal', '[]'::jsonb)))
           from device_telemetry t
          where t.sn = rd.sn and t.id > coalesce(rd.telemetry_mark, 0)
            and t.at >= coalesce((select max(e.at) from device_event e
                                   where e.sn = rd.sn and e.type = 'boot' and e.id > coalesce(rd.event_mark, 0)),
                                 '-infinity'::timestamptz)) as signals
        from rollout_device rd join device d on d.sn = rd.sn and d.company_id = rd.company_id
       where rd.rollout_id = ${rolloutId} and rd.state = 'verifying'`.execute(db);
    return new Map(rows.map((r) => [r.sn, r]));
  }

  /** Step 1: started devices take their command's state and, after success, their link's health. */
  async function followDevices(rollout: RolloutRow, now: Date): Promise<number> {
    const rows = await activeDevices(rollout.id);
    if (rows.length === 0) return 0;
    const healthMinutes = rollout.settings.healthMinutes;
    const progress = await progressOf(rows);
    const health = rows.some((r) => r.state === 'verifying') ? await healthOf(rollout.id) : new Map();
    const changes: DeviceChange[] = [];
    const unsent: string[] = [];
    const nextStage: { sn: string; stage: number; rpcId: string }[] = [];
    for (const row of rows) {
      if (row.state === 'verifying') {
        const seen = health.get(row.sn);
        const cellular = truthy((json(seen?.capabilities) as Record<string, unknown> | null)?.cellular);
        // A sample with a signal since its boot: the link came back (online now is checked apart).
        const reported = seen != null && seen.signals !== null && (!cellular || Number(seen.signals) > 0);
        const signalled = reported && seen?.online === true;
        if (signalled && seen?.vpn_down === false)
          changes.push({ sn: row.sn, from: row.state, state: 'success' });
        else if (now.getTime() - (row.succeeded_at?.getTime() ?? now.getTime()) >= healthMinutes * 60_000)
          changes.push({
            sn: row.sn,
            from: row.state,
            state: 'failure',
            // The link reported back; only the tunnel was missing.
            reasonKind: reported && seen?.vpn_down ? 'vpnHealth' : 'health',
          });
        continue;
      }
      if (!row.rpc_id) {
        if (now.getTime() - row.updated_at.getTime() >= UNSENT_AFTER_MS) unsent.push(row.sn);
        continue;
      }
      const ended = fromCommand(row, healthMinutes, now);
      // A staged change's stage succeeded: the device goes on to the next (link health waits for the last).
      if (
        ended &&
        (ended.state === 'verifying' || ended.state === 'success') &&
        row.stage < rollout.stages.length
      ) {
        nextStage.push({ sn: row.sn, stage: row.stage, rpcId: row.rpc_id });
        continue;
      }
      if (ended) {
        changes.push(ended);
        continue;
      }
      const last = progress.get(row.rpc_id);
      const state = (['pending', 'updating', 'rebooting'] as const).find((s) => s === last?.state);
      const percent = last?.percent ?? null;
      if (state && (state !== row.state || percent !== row.percent))
        changes.push({ sn: row.sn, from: row.state, state, percent });
    }
    await saveChanges(rollout.id, changes, now);
    if (unsent.length > 0) await send(rollout, unsent);
    if (nextStage.length > 0) await send(rollout, await toNextStage(rollout.id, nextStage, now));
    return changes.length + nextStage.length;
  }

  /**
   * Moves devices whose stage succeeded to the next one, each only from the stage and command it was
   * read with (a second node's step that got there first wins); answers the devices moved.
   */
  async function toNextStage(
    rolloutId: number,
    devices: readonly { sn: string; stage: number; rpcId: string }[],
    now: Date,
  ): Promise<string[]> {
    const moved: string[] = [];
    for (let i = 0; i < devices.length; i += WRITE_CHUNK) {
      const rows = devices
        .slice(i, i + WRITE_CHUNK)
        .map((d) => sql`(${d.sn}::text, ${d.stage}::integer, ${d.rpcId}::text)`);
      const { rows: done } = await sql<{ sn: string }>`
        update rollout_device rd set stage = rd.stage + 1, state = 'pending', percent = null, rpc_id = null,
               updated_at = ${now}
          from (values ${sql.join(rows)}) as v(sn, stage, rpc_id)
         where rd.rollout_id = ${rolloutId} and rd.sn = v.sn and rd.stage = v.stage and rd.rpc_id = v.rpc_id
        returning rd.sn`.execute(db);
      moved.push(...done.map((r) => r.sn));
    }
    return moved;
  }

  async function saveChanges(rolloutId: number, changes: readonly DeviceChange[], now: Date) {
    // One statement per few hundred changes (a batch of 1,000 devices moves through five states: one
    // statement each made the database the rollout's pace). Each row stays conditional on the state it
    // was read in: a second node's step that got there first wins and this one changes nothing.
    for (let i = 0; i < changes.length; i += WRITE_CHUNK) {
      const rows = changes.slice(i, i + WRITE_CHUNK).map(
        (c) =>
          sql`(${c.sn}::text, ${c.from}::text, ${c.state}::text,
               ${c.percent !== undefined}::boolean,
               ${c.percent == null ? null : Math.round(c.percent)}::integer,
               ${c.reasonKind !== undefined}::boolean, ${c.reasonKind ?? null}::text,
               ${c.reasonCode ?? null}::integer, ${c.reasonText ?? null}::text,
               ${c.succeededAt !== undefined}::boolean, ${c.succeededAt ?? null}::timestamptz)`,
      );
      await sql`update rollout_device rd set
          state = v.state,
          updated_at = ${now},
          percent = case when v.set_percent then v.percent else rd.percent end,
          reason_kind = case when v.set_reason then v.reason_kind else rd.reason_kind end,
          reason_code = case when v.set_reason then v.reason_code else rd.reason_code end,
          reason_text = case when v.set_reason then v.reason_text else rd.reason_text end,
          succeeded_at = case when v.set_succeeded then v.succeeded_at else rd.succeeded_at end
        from (values ${sql.join(rows)}) as v(sn, from_state, state, set_percent, percent, set_reason,
             reason_kind, reason_code, reason_text, set_succeeded, succeeded_at)
        where rd.rollout_id = ${rolloutId} and rd.sn = v.sn and rd.state = v.from_state`.execute(db);
    }
  }

  /**
   * Sends each claimed device the command of the stage it is at; a device the checks refuse ends
   * `failure` with the code.
   */
  async function send(rollout: RolloutRow, sns: readonly string[]) {
    if (sns.length === 0) return;
    const now = clock.now();
    // The marks first: evidence of health must come after the install (the first stage's: a staged
    // change's firmware reboots the device, its apps and configuration do not).
    await sql`update rollout_device rd set
        telemetry_mark = (select max(t.id) from device_telemetry t where t.sn = rd.sn),
        event_mark = (select max(e.id) from device_event e where e.sn = rd.sn),
        updated_at = ${now}
      where rd.rollout_id = ${rollout.id} and rd.sn in (${sql.join(sns)}) and rd.rpc_id is null
        and rd.stage = 0`.execute(db);
    const byStage = new Map<number, string[]>();
    if (rollout.stages.length === 0) byStage.set(0, [...sns]);
    else {
      const rows = await db
        .selectFrom('rollout_device')
        .select(['sn', 'stage'])
        .where('rollout_id', '=', rollout.id)
        .where('sn', 'in', sns)
        .execute();
      for (const r of rows) {
        const stage = Number(r.stage);
        const group = byStage.get(stage) ?? [];
        group.push(r.sn);
        byStage.set(stage, group);
      }
    }
    for (const [stage, group] of byStage) await sendStage(rollout, stage, group, now);
  }

  /** The command of one stage to its devices, and what came of it. */
  async function sendStage(rollout: RolloutRow, stage: number, sns: readonly string[], now: Date) {
    const later = stage > 0 ? rollout.stages[stage - 1] : undefined;
    const install = (versionId: number) =>
      installs.installMany(
        companyScope(rollout.companyId),
        sns,
        versionId,
        rollout.origin,
        rollout.settings.deviceDeadlineMinutes * 60,
        { spacing: stage === 0 },
      );
    const { sent, refused, unchanged } = later
      ? later.kind === 'config'
        ? await applyConfiguration(rollout, sns, later)
        : { ...(await install(later.versionId)), unchanged: [] as string[] }
      : rollout.kind === 'config'
        ? await applyConfiguration(rollout, sns, {
            sections: rollout.sections ?? {},
            confirmSeconds: rollout.confirmSeconds ?? 120,
          })
        : { ...(await install(rollout.versionId ?? 0)), unchanged: [] as string[] };
    // A router that already has every value of the profile has nothing to change: it is done (after a
    // staged change's firmware and apps, once its link is healthy).
    const verify = stage > 0 && rollout.settings.healthMinutes > 0;
    if (unchanged.length > 0)
      await db
        .updateTable('rollout_device')
        .set({
          state: verify ? 'verifying' : 'success',
          percent: 100,
          updated_at: now,
          ...(verify ? { succeeded_at: now } : {}),
        })
        .where('rollout_id', '=', rollout.id)
        .where('sn', 'in', unchanged)
        .where('state', '=', 'pending')
        .execute();
    const sentRows = [...sent].map(([sn, rpcId]) => sql`(${sn}::text, ${rpcId}::text)`);
    for (let i = 0; i < sentRows.length; i += WRITE_CHUNK)
      await sql`update rollout_device rd set rpc_id = v.rpc_id, updated_at = ${now}
          from (values ${sql.join(sentRows.slice(i, i + WRITE_CHUNK))}) as v(sn, rpc_id)
         where rd.rollout_id = ${rollout.id} and rd.sn = v.sn and rd.rpc_id is null`.execute(db);
    for (const [sn, code] of refused) {
      // Too soon after the device's last update, or one running: it waits for a later batch instead of failing.
      const waits = SPACING_CODES.includes(code);
      await db
        .updateTable('rollout_device')
        .set({
          state: waits ? 'waiting' : 'failure',
          ...(waits ? { batch: null } : {}),
          reason_kind: 'catalogue',
          reason_code: code,
          reason_text: null,
          updated_at: now,
        })
        .where('rollout_id', '=', rollout.id)
        .where('sn', '=', sn)
        .where('rpc_id', 'is', null)
        .where('state', '=', 'pending')
        .execute();
    }
  }

  /**
   * A configuration's change-set to each device, one after another (each checks the device's reported
   * configuration, its drift and its open change-set); the change-set's id stands where an install's
   * command id would.
   */
  async function applyConfiguration(
    rollout: RolloutRow,
    sns: readonly string[],
    change: { sections: Record<string, unknown>; confirmSeconds: number },
  ) {
    const sent = new Map<string, string>();
    const refused = new Map<string, number>();
    const unchanged: string[] = [];
    const actor = rolloutActor(rollout);
    for (const sn of sns) {
      try {
        const changeSet = await applyProfileChangeSet(deps, actor, {
          sn,
          sections: change.sections,
          confirmSeconds: change.confirmSeconds,
          immediately: false,
        });
        sent.set(sn, changeSet.id);
      } catch (error) {
        if (!isAppError(error)) throw error;
        if (error.code === ErrorCode.PARAMETER_ERROR && error.detail?.includes(NOTHING_CHANGES))
          unchanged.push(sn);
        else
          refused.set(
            sn,
            error.code === ErrorCode.CONFIG_CHANGE_IN_PROGRESS ? ErrorCode.DEVICE_UPDATING : error.code,
          );
      }
    }
    return { sent, refused, unchanged };
  }

  /** Devices per state of the batch now running (the highest started). */
  async function currentBatch(rolloutId: number) {
    const rows = await db
      .selectFrom('rollout_device')
      .select(['batch', 'state', (eb) => eb.fn.countAll<string>().as('n')])
      .where('rollout_id', '=', rolloutId)
      .where('batch', '=', (eb) =>
        eb
          .selectFrom('rollout_device')
          .select((e) => e.fn.max('batch').as('b'))
          .where('rollout_id', '=', rolloutId),
      )
      .groupBy(['batch', 'state'])
      .execute();
    if (rows.length === 0) return null;
    const tally = { batch: Number(rows[0]!.batch), size: 0, succeeded: 0, failed: 0, open: 0 };
    for (const r of rows) {
      const n = Number(r.n);
      tally.size += n;
      if (r.state === 'success') tally.succeeded += n;
      else if (r.state === 'failure' || r.state === 'timeout') tally.failed += n;
      else if (r.state !== 'released') tally.open += n;
    }
    return tally;
  }

  /** Whether the running batch stops the rollout: the reason, or null to go on. */
  function judge(
    rollout: RolloutRow,
    tally: NonNullable<Awaited<ReturnType<typeof currentBatch>>>,
  ): StopReason | null {
    const { failureLimit, successPercent } = rollout.settings;
    const figures = {
      batch: tally.batch,
      size: tally.size,
      succeeded: tally.succeeded,
      failed: tally.failed,
    };
    if (passesFailureLimit(failureLimit, tally.failed, tally.size)) return { ...figures, cause: 'failures' };
    if (tally.open === 0 && tally.succeeded * 100 < successPercent * tally.size)
      return { ...figures, cause: 'successes' };
    return null;
  }

  /** Step 3: claims the next batch's devices (inside the window) under the rollout's row lock. */
  async function claimNextBatch(
    rollout: RolloutRow,
    batchIndex: number,
    now: Date,
  ): Promise<string[] | 'none left'> {
    return db.transaction().execute(async (tx) => {
      const locked = await tx
        .selectFrom('rollout')
        .select('state')
        .where('id', '=', rollout.id)
        .forUpdate()
        .executeTakeFirst();
      if (locked?.state !== 'running') return [];
      // Another node may have started this batch since the tally was read.
      const started = await tx
        .selectFrom('rollout_device')
        .select((eb) => eb.fn.max('batch').as('b'))
        .where('rollout_id', '=', rollout.id)
        .executeTakeFirst();
      if (Number(started?.b ?? 0) !== batchIndex) return [];
      const waiting = await tx
        .selectFrom('rollout_device')
        .select(['sn', 'time_zone'])
        .where('rollout_id', '=', rollout.id)
        .where('state', '=', 'waiting')
        // Sent back for the 15-minute spacing: not before it has passed.
        .where((eb) =>
          eb.or([
            eb('reason_code', 'is', null),
            eb('reason_code', 'not in', SPACING_CODES),
            eb('updated_at', '<=', new Date(now.getTime() - UPDATE_SPACING_MS)),
          ]),
        )
        .orderBy('position')
        .execute();
      if (waiting.length === 0) return 'none left';
      // A batch number a person accepted is never used again (retried devices may have emptied it).
      const next = Math.max(batchIndex, rollout.acceptedBatch);
      const size = batchSize(rollout.settings.plan, next);
      const window = rollout.settings.window;
      const chosen = waiting
        .filter((d) => !window || inWindow(window, now, d.time_zone ?? window.timeZone))
        .slice(0, size)
        .map((d) => d.sn);
      if (chosen.length === 0) return [];
      for (let i = 0; i < chosen.length; i += 1000) {
        await tx
          .updateTable('rollout_device')
          .set((eb) => ({
            state: 'pending',
            batch: next + 1,
            attempts: eb('attempts', '+', 1),
            percent: null,
            rpc_id: null,
            reason_code: null,
            reason_kind: null,
            reason_text: null,
            succeeded_at: null,
            started_at: now,
            updated_at: now,
          }))
          .where('rollout_id', '=', rollout.id)
          .where('sn', 'in', chosen.slice(i, i + 1000))
          .where('state', '=', 'waiting')
          .execute();
      }
      return chosen;
    });
  }

  function announce(rollout: Pick<RolloutRow, 'id' | 'companyId'>, state: RolloutState) {
    hub.publish('rollouts.changed', rollout.companyId, { id: rollout.id, state });
  }

  /** One step of one rollout (see the top of this file). */
  async function advance(id: number): Promise<void> {
    const now = clock.now();
    let rollout = await rolloutById(db, id);
    if (!rollout) return;
    const moved = await followDevices(rollout, now);
    if (rollout.state !== 'running') {
      if (moved > 0) announce(rollout, rollout.state);
      return;
    }
    const tally = await currentBatch(id);
    if (tally) {
      // A batch a person accepted by resuming is not judged again.
      const stop = tally.batch > rollout.acceptedBatch ? judge(rollout, tally) : null;
      if (stop) {
        const to = rollout.settings.onFailure === 'halt' ? 'halted' : 'paused';
        if (await moveRollout(db, id, ['running'], to, now, { stopReason: stop })) {
          await recordSystemActivity(db, {
            companyId: rollout.companyId,
            action: 'rollouts.stoppedByThreshold',
            details: [
              ['rollout', rollout.name],
              ['batch', stop.batch],
              ['failed', stop.failed],
              ['devices', stop.size],
              ['outcome', to],
            ],
            at: now,
          });
          announce(rollout, to);
        }
        return;
      }
      if (tally.open > 0) {
        if (moved > 0) announce(rollout, 'running');
        return;
      }
    }
    const claimed = await claimNextBatch(rollout, tally?.batch ?? 0, now);
    if (claimed === 'none left') {
      const open = await activeDevices(id);
      if (
        open.length === 0 &&
        (await moveRollout(db, id, ['running'], 'completed', now, { finished: true }))
      ) {
        await recordSystemActivity(db, {
          companyId: rollout.companyId,
          action: 'rollouts.completed',
          details: [['rollout', rollout.name]],
          at: now,
        });
        announce(rollout, 'completed');
      }
      return;
    }
    if (claimed.length > 0) {
      await recordSystemActivity(db, {
        companyId: rollout.companyId,
        action: 'rollouts.batchStarted',
        details: [
          ['rollout', rollout.name],
          ['batch', Math.max(tally?.batch ?? 0, rollout.acceptedBatch) + 1],
          ['devices', claimed.length],
        ],
        sns: claimed,
        at: now,
      });
      rollout = (await rolloutById(db, id)) ?? rollout;
      await send(rollout, claimed);
      announce(rollout, 'running');
    } else if (moved > 0) announce(rollout, 'running');
  }

  return {
    advance,
    /** A step of every rollout with work (the sweep job). */
    async advanceAll(signal?: AbortSignal): Promise<void> {
      for (const id of await rolloutsWithWork(db)) {
        if (signal?.aborted) return;
        await advance(id);
      }
    },
  };
}

export type RolloutEngine = ReturnType<typeof createRolloutEngine>;

/** The engine acts for the rollout's company, as the person who started it (the change-sets name them). */
function rolloutActor(rollout: RolloutRow): Actor {
  return {
    scope: companyScope(rollout.companyId),
    sessionId: `rollout:${rollout.id}`,
    userId: rollout.createdById ?? 0,
    roleId: 0,
    roleType: 0,
    funCodes: new Set(),
  };
}

/** Releases a cancelled rollout's waiting devices (running ones finish and are followed). */
export async function releaseWaiting(db: DbOrTx, rolloutId: number, at: Date): Promise<void> {
  await db
    .updateTable('rollout_device')
    .set({ state: 'released', updated_at: at })
    .where('rollout_id', '=', rolloutId)
    .where('state', '=', 'waiting')
    .execute();
}
