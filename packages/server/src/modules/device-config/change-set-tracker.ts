import {
  type ChangeSetState,
  type ConfigMessage,
  configurationDifferences,
  ErrorCode,
  RPC_ERROR,
  readDeviceConfiguration,
} from '@fleetport/contract';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/open.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { findReportedXml } from '../devices/device-reports.store.ts';
import {
  type ChangeSetRow,
  deleteDrift,
  findChangeSetById,
  findDriftOfDevice,
  hasOpenChangeSet,
  moveChangeSet,
  saveDrift,
  setCommandIds,
} from './device-config.store.ts';

/**
 * Follows change-sets through what devices answer (docs/device-protocol.md §7.5), on whichever node
 * hears the answer: the state lives in the database and every move is guarded by the states it may
 * come from, so a late, repeated or out-of-order answer changes nothing.
 *
 * - `configApply` received (its receipt) → applying; applied (success) → applying, then the cloud
 *   sends `configConfirm`; refused (failure) → rejected, in the device's words.
 * - `configConfirm` answered success → applied; 107 or anything else → reverted.
 * - a `config` report with reason `reverted` → reverted, with the device's reason.
 * - deadlines: an apply never taken → expired; taken but unanswered, or a confirmation unanswered →
 *   reverted, since by §7.5 the device has put its previous configuration back by then.
 */

export interface ChangeSetTrackerDeps {
  db: DbOrTx;
  clock: Clock;
  hub: LiveHub;
  /**
   * A change-set reached a final state, in the connection (or transaction) that moved it: what waits
   * on it (a zero-touch provisioning step) moves on here.
   */
  finished?(db: DbOrTx, row: ChangeSetRow): Promise<void>;
}

const FINAL_STATES: readonly ChangeSetState[] = ['applied', 'rejected', 'reverted', 'expired'];

/** Sends the confirmation: the gateway's RPC service, passed in so this module does not own it. */
export type SendConfirm = (row: ChangeSetRow, deadlineSeconds: number) => Promise<string | null>;

/** Beyond the confirm window, how long the confirmation may take to reach a device and come back. */
const CONFIRM_GRACE_SECONDS = 30;

/** The change-set a command carries: `changeSet.id` of an apply, `changeSetId` of a confirmation. */
function changeSetIdOf(row: RpcCommandRow): string | null {
  const params = (row.params ?? {}) as { changeSet?: { id?: unknown }; changeSetId?: unknown };
  if (row.method === 'configApply' && typeof params.changeSet?.id === 'string') return params.changeSet.id;
  if (row.method === 'configConfirm' && typeof params.changeSetId === 'string') return params.changeSetId;
  return null;
}

/** The device's own words in its failure reply, when it gave any. */
function deviceWords(row: RpcCommandRow): string | null {
  const error = row.error as { code?: number; message?: string } | null;
  return error?.message || null;
}

export function createChangeSetTracker(deps: ChangeSetTrackerDeps) {
  async function move(
    db: DbOrTx,
    id: string,
    from: ChangeSetState[],
    to: ChangeSetState,
    fields: {
      reason?: string | null;
      reasonCode?: number | null;
      checksum?: string | null;
      sn?: string;
    } = {},
  ): Promise<ChangeSetRow | undefined> {
    const row = await moveChangeSet(db, id, from, to, { ...fields, at: deps.clock.now() });
    if (row)
      deps.hub.publish('deviceConfig.changed', row.company_id, { sn: row.sn, id: row.id, state: row.state });
    if (row && FINAL_STATES.includes(row.state)) await deps.finished?.(db, row);
    return row;
  }

  /**
   * Compares what the device runs with what the cloud knew before (the drift's baseline, or the
   * configuration reported before this one): a difference with no change-set in flight is a change made
   * on the device itself; none ends a drift.
   */
  async function checkDrift(sn: string, companyId: number, currentXml: string, previousXml: string | null) {
    const drift = await findDriftOfDevice(deps.db, sn);
    const baselineXml = drift?.baseline_xml ?? previousXml;
    const baseline = baselineXml ? readDeviceConfiguration(baselineXml) : null;
    const current = readDeviceConfiguration(currentXml);
    if (!baseline || !current || !baselineXml) return;
    const drifted = configurationDifferences(baseline, current).length > 0;
    if (drifted && !drift) {
      await saveDrift(deps.db, { sn, companyId, detectedAt: deps.clock.now(), baselineXml });
      deps.hub.publish('deviceConfig.drift', companyId, { sn, drifted: true });
    } else if (!drifted && drift) {
      await deleteDrift(deps.db, sn);
      deps.hub.publish('deviceConfig.drift', companyId, { sn, drifted: false });
    }
  }

  return {
    /** A device answered a command (its receipt or its final reply). */
    async answered(row: RpcCommandRow, sendConfirm: SendConfirm): Promise<void> {
      const id = changeSetIdOf(row);
      if (!id) return;
      if (row.method === 'configApply') {
        if (row.state === 'inExecution') {
          await move(deps.db, id, ['queued'], 'applying');
        } else if (row.state === 'success') {
          const result = (row.result ?? {}) as { checksum?: string };
          const moved = await move(deps.db, id, ['queued', 'applying'], 'applying', {
            checksum: result.checksum ?? null,
          });
          const current = moved ?? (await findChangeSetById(deps.db, id));
          // Confirm once: a repeated success (the device answering a re-sent apply) sends nothing new.
          if (current?.state === 'applying' && current.confirm_command_id === null) {
            const commandId = await sendConfirm(current, current.confirm_seconds + CONFIRM_GRACE_SECONDS);
            if (commandId) await setCommandIds(deps.db, id, { confirm: commandId });
          }
        } else if (row.state === 'failure') {
          await move(deps.db, id, ['queued', 'applying'], 'rejected', {
            reasonCode: ErrorCode.CONFIG_REFUSED,
            reason: deviceWords(row),
          });
        }
        return;
      }
      if (row.state === 'success') {
        const result = (row.result ?? {}) as { checksum?: string };
        const applied = await move(deps.db, id, ['applying'], 'applied', {
          checksum: result.checksum ?? null,
        });
        // A change-set that put the cloud's values back over a drift ends it.
        const current = applied ? await findReportedXml(deps.db, applied.sn) : null;
        if (applied && current) await checkDrift(applied.sn, applied.company_id, current, null);
      } else if (row.state === 'failure') {
        const code = (row.error as { code?: number } | null)?.code;
        const reasonCode =
          code === RPC_ERROR.changeSetNotPending
            ? ErrorCode.CONFIG_ALREADY_REVERTED
            : code === RPC_ERROR.notFound
              ? ErrorCode.CONFIG_UNKNOWN_TO_DEVICE
              : ErrorCode.CONFIG_CONFIRM_FAILED;
        await move(deps.db, id, ['applying'], 'reverted', { reasonCode, reason: deviceWords(row) });
      }
    },

    /** Commands whose deadline passed, in the transaction that times them out. */
    async timedOut(tx: DbOrTx, rows: readonly RpcCommandRow[]): Promise<void> {
      for (const row of rows) {
        const id = changeSetIdOf(row);
        if (!id) continue;
        if (row.method === 'configApply' && row.delivered_at === null) {
          await move(tx, id, ['queued'], 'expired', { reasonCode: ErrorCode.CONFIG_NOT_TAKEN });
        } else {
          await move(tx, id, ['queued', 'applying'], 'reverted', {
            reasonCode: ErrorCode.CONFIG_NOT_CONFIRMED,
          });
        }
      }
    },

    /**
     * A device reported its configuration: a `reverted` one ends its change-set (its own only); any
     * other report (a change, a boot, or the answer to `configGet` after a hello whose checksum
     * differed) that differs from what the cloud knew with no change-set in flight is a drift.
     */
    async configReported(
      sn: string,
      companyId: number,
      message: ConfigMessage,
      previousXml: string | null,
    ): Promise<void> {
      if (message.reason !== 'reverted' && !(await hasOpenChangeSet(deps.db, sn))) {
        await checkDrift(sn, companyId, message.xml, previousXml);
        return;
      }
      if (message.reason !== 'reverted' || !message.changeSet) return;
      await move(deps.db, message.changeSet.id, ['queued', 'applying'], 'reverted', {
        reasonCode: ErrorCode.CONFIG_REVERTED_BY_DEVICE,
        reason: message.changeSet.reason || null,
        checksum: message.checksum ?? null,
        sn,
      });
    },
  };
}

export type ChangeSetTracker = ReturnType<typeof createChangeSetTracker>;
