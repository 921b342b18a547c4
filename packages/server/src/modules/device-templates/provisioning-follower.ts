import { ErrorCode, osLineOf, supportsZeroTouch, ZERO_TOUCH_MIN_VERSION } from '@fleetport/contract';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { visibleVersion } from '../app-centre/app-centre.store.ts';
import type { ChangeSetRow } from '../device-config/device-config.store.ts';
import { enabledTemplatesOf, type TemplateRow } from './device-templates.store.ts';
import {
  claimedDevice,
  firstClaim,
  insertProvisioning,
  moveStep,
  type NewStep,
  type StepRow,
  stepCarrying,
  stepsWaitingForLicence,
} from './provisioning.store.ts';

/**
 * Zero-touch provisioning (issue 14; docs/decisions.md "Zero-touch templates"). A router's first claim
 * picks the company's enabled template for its series and model and stores its run: firmware (only
 * when the router's is older) → apps in the template's order → the configuration as one change-set
 * with auto-revert. A router below the zero-touch version (core §9) gets one failed step saying which
 * firmware it needs first. A step ends on evidence only: the install command's final state (a firmware
 * install succeeds on the hello of the new version, gateway/update-evidence.ts) or the change-set's
 * (applied after the router confirmed it). The device side calls the follower below; the job moves
 * the run to its next step, so a run survives a restart: its state is in the database and its next
 * move in the job queue.
 */

export const ADVANCE_PROVISIONING_JOB = 'deviceTemplates.advanceProvisioning';
/** Tries of one advance: a configuration step waits for the router's first configuration report. */
export const ADVANCE_ATTEMPTS = 8;
/** Refusals for the router's licence (core §6): the step waits for one instead of failing. */
export const LICENCE_CODES: readonly number[] = [ErrorCode.BASIC_LICENCE_UPGRADE, ErrorCode.LICENCE_UPGRADE];
export interface AdvancePayload {
  provisioningId: number;
}

interface FollowerDeps {
  db: Db;
  clock: Clock;
  hub: LiveHub;
}

/** Enqueues the run's next move once per reason (`key`), in the caller's transaction when it has one. */
function enqueueAdvance(db: DbOrTx, clock: Clock, companyId: number, provisioningId: number, key: string) {
  return enqueueJob<AdvancePayload>(db, {
    kind: ADVANCE_PROVISIONING_JOB,
    companyId,
    payload: { provisioningId },
    idempotencyKey: `${provisioningId}:${key}`,
    maxAttempts: ADVANCE_ATTEMPTS,
    clock,
  });
}

/** The template for a router: the company's enabled ones of its series, one naming its model first, then the newest edit. */
export function pickTemplate(templates: readonly TemplateRow[], model: string): TemplateRow | undefined {
  const fits = templates.filter(
    (t) =>
      t.type === 'DIRECT' &&
      (t.models.length === 0 || t.models.some((m) => m.toLowerCase() === model.toLowerCase())),
  );
  return fits.find((t) => t.models.length > 0) ?? fits[0];
}

function planSteps(
  template: TemplateRow,
  device: { series: string; firmwareVersion: string | null },
  /** What each version is, by id: the steps keep it even if the version is later unpublished. */
  labels: ReadonlyMap<number, string>,
) {
  const line = osLineOf(device.series, device.firmwareVersion);
  if (line && device.firmwareVersion && !supportsZeroTouch(line, device.firmwareVersion)) {
    const minimum = ZERO_TOUCH_MIN_VERSION[line];
    return {
      state: 'stopped' as const,
      steps: [
        {
          kind: 'minimumFirmware',
          versionId: null,
          target: minimum,
          state: 'failed',
          reasonCode: ErrorCode.TEMPLATE_NEEDS_FIRMWARE,
          reasonData: { version: device.firmwareVersion, minimum },
        },
      ] satisfies NewStep[],
    };
  }
  const steps: NewStep[] = [];
  if (template.firmwareVersionId !== null)
    steps.push({
      kind: 'firmware',
      versionId: template.firmwareVersionId,
      target: labels.get(template.firmwareVersionId) ?? '',
      state: 'waiting',
    });
  for (const id of template.appVersionIds)
    steps.push({ kind: 'app', versionId: id, target: labels.get(id) ?? '', state: 'waiting' });
  if (template.configXml !== null)
    steps.push({
      kind: 'configuration',
      versionId: null,
      target: template.configFileName ?? '',
      state: 'waiting',
    });
  return { state: 'running' as const, steps };
}

/** What the device side tells provisioning: claims, install answers, change-sets ending. */
export function createProvisioningFollower(deps: FollowerDeps) {
  const { clock } = deps;

  /** Ends the step a final command or change-set carried, and queues the run's next move. */
  async function settle(
    db: DbOrTx,
    step: StepRow,
    outcome: { ok: true } | { ok: false; reason?: string | null; reasonCode?: number | null },
    device: { companyId: number; sn: string },
  ) {
    const moved = outcome.ok
      ? await moveStep(db, step, ['running'], 'done', { at: clock.now() })
      : await moveStep(db, step, ['running'], 'failed', {
          reason: outcome.reason ?? null,
          reasonCode: outcome.reasonCode ?? null,
          at: clock.now(),
        });
    if (!moved) return;
    await enqueueAdvance(db, clock, device.companyId, step.provisioningId, `after:${step.position}`);
    deps.hub.publish('provisioning.changed', device.companyId, { sn: device.sn, state: 'running' });
  }

  async function commandEnded(db: DbOrTx, row: RpcCommandRow) {
    if (row.state === 'inExecution') return;
    if (row.method !== 'firmwareInstall' && row.method !== 'appInstall') return;
    const step = await stepCarrying(db, { rpcId: row.id });
    if (!step) return;
    if (row.state === 'success')
      return settle(db, step, { ok: true }, { companyId: row.company_id, sn: row.sn });
    if (row.state === 'timeout')
      return settle(
        db,
        step,
        { ok: false, reasonCode: ErrorCode.TEMPLATE_STEP_TIMED_OUT },
        { companyId: row.company_id, sn: row.sn },
      );
    const error = row.error as { message?: unknown; code?: unknown } | null;
    const reason =
      typeof error?.message === 'string'
        ? typeof error.code === 'number'
          ? `${error.message} (${error.code})`
          : error.message
        : null;
    return settle(db, step, { ok: false, reason }, { companyId: row.company_id, sn: row.sn });
  }

  return {
    /** A router was claimed: its first claim starts the template that fits it, if any. */
    async claimed(sn: string): Promise<void> {
      const device = await claimedDevice(deps.db, sn);
      if (!device || !(await firstClaim(deps.db, sn, clock.now()))) return;
      const templates = await enabledTemplatesOf(deps.db, companyScope(device.companyId), device.series);
      const template = pickTemplate(templates, device.model);
      if (!template) return;
      const labels = new Map<number, string>();
      for (const id of [template.firmwareVersionId, ...template.appVersionIds]) {
        if (id === null) continue;
        const found = await visibleVersion(
          deps.db,
          { kind: 'company', scope: companyScope(device.companyId) },
          id,
        );
        if (found) labels.set(id, `${found.version.name} ${found.version.version}`);
      }
      const plan = planSteps(template, device, labels);
      // The run and its first move commit together: a crash leaves neither or both.
      await inTransaction(deps.db, (tx) => startRun(tx, device.companyId, sn, template, plan));
      deps.hub.publish('provisioning.changed', device.companyId, { sn, state: plan.state });
    },
    /** The company's licences moved: each run waiting for a router's licence tries its step again. */
    async licencesChanged(companyId: number): Promise<void> {
      for (const step of await stepsWaitingForLicence(deps.db, companyId, LICENCE_CODES)) {
        await enqueueAdvance(
          deps.db,
          clock,
          companyId,
          step.provisioningId,
          `licence:${step.position}:${step.attempts}`,
        );
      }
    },
    commandAnswered: (db: DbOrTx, row: RpcCommandRow) => commandEnded(db, row),
    async commandsTimedOut(tx: DbOrTx, rows: readonly RpcCommandRow[]) {
      for (const row of rows) await commandEnded(tx, row);
    },
    async changeSetFinished(db: DbOrTx, row: ChangeSetRow) {
      const step = await stepCarrying(db, { changeSetId: row.id });
      if (!step) return;
      if (row.state === 'applied')
        return settle(db, step, { ok: true }, { companyId: row.company_id, sn: row.sn });
      return settle(
        db,
        step,
        { ok: false, reason: row.reason ?? row.state },
        { companyId: row.company_id, sn: row.sn },
      );
    },
  };

  async function startRun(
    db: DbOrTx,
    companyId: number,
    sn: string,
    template: TemplateRow,
    plan: ReturnType<typeof planSteps>,
  ) {
    const id = await insertProvisioning(
      db,
      {
        companyId,
        sn,
        templateId: template.id,
        templateName: template.name,
        state: plan.state,
        at: clock.now(),
      },
      plan.steps,
    );
    if (id !== undefined && plan.state === 'running') await enqueueAdvance(db, clock, companyId, id, 'start');
  }
}

export type ProvisioningFollower = ReturnType<typeof createProvisioningFollower>;
