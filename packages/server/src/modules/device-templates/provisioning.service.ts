import {
  compareVersions,
  ErrorCode,
  errorMessage,
  type Lang,
  osLineOf,
  type Provisioning,
  type ProvisioningState,
  readDeviceConfiguration,
  supportsZeroTouch,
  ZERO_TOUCH_MIN_VERSION,
} from '@fleetport/contract';
import type { RpcCommandRow } from '../../gateway/rpc.store.ts';
import type { AppDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, companyScope } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { visibleVersion } from '../app-centre/app-centre.store.ts';
import { NOTHING_CHANGES, sendTemplateChangeSet } from '../device-config/device-config.service.ts';
import { type ChangeSetRow, findChangeSetById } from '../device-config/device-config.store.ts';
import { createInstalls } from '../device-software/device-install.service.ts';
import { enabledTemplatesOf, findTemplate, type TemplateRow } from './device-templates.store.ts';
import {
  claimedDevice,
  countAttempt,
  findProvisioning,
  finishProvisioning,
  firstClaim,
  insertProvisioning,
  moveStep,
  type NewStep,
  pageProvisioning,
  type StepRow,
  stepCarrying,
  stepsOf,
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
const ADVANCE_ATTEMPTS = 8;
/** The configuration's confirm window: the router puts its configuration back unless it reaches us again. */
const CONFIG_CONFIRM_SECONDS = 120;

interface AdvancePayload {
  provisioningId: number;
}

interface FollowerDeps {
  db: Db;
  clock: Clock;
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

function planSteps(template: TemplateRow, device: { series: string; firmwareVersion: string | null }) {
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
    steps.push({ kind: 'firmware', versionId: template.firmwareVersionId, target: '', state: 'waiting' });
  for (const id of template.appVersionIds)
    steps.push({ kind: 'app', versionId: id, target: '', state: 'waiting' });
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
    companyId: number,
  ) {
    const moved = outcome.ok
      ? await moveStep(db, step, ['running'], 'done', { at: clock.now() })
      : await moveStep(db, step, ['running'], 'failed', {
          reason: outcome.reason ?? null,
          reasonCode: outcome.reasonCode ?? null,
          at: clock.now(),
        });
    if (moved) await enqueueAdvance(db, clock, companyId, step.provisioningId, `after:${step.position}`);
  }

  async function commandEnded(db: DbOrTx, row: RpcCommandRow) {
    if (row.state === 'inExecution') return;
    if (row.method !== 'firmwareInstall' && row.method !== 'appInstall') return;
    const step = await stepCarrying(db, { rpcId: row.id });
    if (!step) return;
    if (row.state === 'success') return settle(db, step, { ok: true }, row.company_id);
    if (row.state === 'timeout')
      return settle(db, step, { ok: false, reasonCode: ErrorCode.TEMPLATE_STEP_TIMED_OUT }, row.company_id);
    const error = row.error as { message?: unknown; code?: unknown } | null;
    const reason =
      typeof error?.message === 'string'
        ? typeof error.code === 'number'
          ? `${error.message} (${error.code})`
          : error.message
        : null;
    return settle(db, step, { ok: false, reason }, row.company_id);
  }

  return {
    /** A router was claimed: its first claim starts the template that fits it, if any. */
    async claimed(sn: string): Promise<void> {
      const device = await claimedDevice(deps.db, sn);
      if (!device || !(await firstClaim(deps.db, sn))) return;
      const templates = await enabledTemplatesOf(deps.db, companyScope(device.companyId), device.series);
      const template = pickTemplate(templates, device.model);
      if (!template) return;
      const plan = planSteps(template, device);
      // The run and its first move commit together: a crash leaves neither or both.
      await inTransaction(deps.db, (tx) => startRun(tx, device.companyId, sn, template, plan));
    },
    commandAnswered: (db: DbOrTx, row: RpcCommandRow) => commandEnded(db, row),
    async commandsTimedOut(tx: DbOrTx, rows: readonly RpcCommandRow[]) {
      for (const row of rows) await commandEnded(tx, row);
    },
    async changeSetFinished(db: DbOrTx, row: ChangeSetRow) {
      const step = await stepCarrying(db, { changeSetId: row.id });
      if (!step) return;
      if (row.state === 'applied') return settle(db, step, { ok: true }, row.company_id);
      return settle(db, step, { ok: false, reason: row.reason ?? row.state }, row.company_id);
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

type AdvanceDeps = Pick<AppDeps, 'db' | 'clock' | 'gateway' | 'files' | 'hub'>;

/** Why a step could not start: a catalogue code, with its data when it has placeholders. */
function refusal(error: unknown): {
  reasonCode: number;
  reasonData: Record<string, string> | null;
  reason: string | null;
} {
  if (error instanceof AppError) {
    const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields;
    return {
      reasonCode: error.code,
      reasonData: typeof error.data === 'string' ? { sn: error.data } : null,
      reason: fields?.[0] ? `${fields[0].field}: ${fields[0].message}` : null,
    };
  }
  throw error;
}

/** The job that moves a run on: starts its next step, or ends the run when no step is left. */
export function provisioningJobs(deps: AdvanceDeps) {
  const { db, clock } = deps;
  const installs = createInstalls(deps);
  const follower = createProvisioningFollower(deps);

  async function start(
    run: { id: number; companyId: number; sn: string; origin: string; template: TemplateRow | undefined },
    step: StepRow,
    lastTry: boolean,
  ): Promise<'started' | 'ended'> {
    const scope = companyScope(run.companyId);
    const at = clock.now();
    try {
      if (step.kind === 'firmware' || step.kind === 'app') {
        const found = await findVersion(scope, step);
        if (step.kind === 'firmware' && found) {
          const device = await claimedDevice(db, run.sn);
          if (device?.firmwareVersion && compareVersions(device.firmwareVersion, found.version) >= 0) {
            await moveStep(db, step, ['waiting'], 'skipped', {
              reasonCode: ErrorCode.TEMPLATE_FIRMWARE_CURRENT,
              reasonData: { version: found.version },
              at,
            });
            return 'ended';
          }
        }
        const action = await installs.provision(scope, run.sn, step.versionId ?? 0, run.origin);
        await moveStep(db, step, ['waiting'], 'running', { rpcId: action.rpcId, started: true, at });
        // Answered already (a device that refused at once): the follower saw no running step then.
        const [done] = deps.gateway ? await deps.gateway.rpc.waitForResults([action.rpcId], 0) : [];
        if (done && done.state !== 'inExecution') await follower.commandAnswered(db, done);
        return 'started';
      }
      const sections = configSections(run.template);
      if (!sections) {
        await moveStep(db, step, ['waiting'], 'failed', { reasonCode: ErrorCode.TEMPLATE_NOT_FOUND, at });
        return 'ended';
      }
      const changeSet = await sendTemplateChangeSet(deps, scope, {
        sn: run.sn,
        sections,
        confirmSeconds: CONFIG_CONFIRM_SECONDS,
      });
      await moveStep(db, step, ['waiting'], 'running', { changeSetId: changeSet.id, started: true, at });
      // Answered already (a router that refused at once): the follower saw no running step then.
      const ended = await findChangeSetById(db, changeSet.id);
      if (ended && ended.state !== 'queued' && ended.state !== 'applying')
        await follower.changeSetFinished(db, ended);
      return 'started';
    } catch (error) {
      const refused = refusal(error);
      if (refused.reason?.endsWith(NOTHING_CHANGES)) {
        await moveStep(db, step, ['waiting'], 'skipped', {
          reasonCode: ErrorCode.TEMPLATE_CONFIG_CURRENT,
          at,
        });
        return 'ended';
      }
      // Not yet: the router's first report, or an update or change of its own, is still on its way.
      const notYet: number[] = [
        ErrorCode.CONFIG_NOT_REPORTED,
        ErrorCode.DEVICE_UPDATING,
        ErrorCode.CONFIG_CHANGE_IN_PROGRESS,
      ];
      if (notYet.includes(refused.reasonCode) && !lastTry) {
        await countAttempt(db, step, at);
        throw error;
      }
      await moveStep(db, step, ['waiting'], 'failed', {
        ...(refused.reasonCode === ErrorCode.CONFIG_NOT_REPORTED
          ? { reasonCode: ErrorCode.TEMPLATE_CONFIG_NOT_REPORTED, reasonData: null }
          : refused),
        started: true,
        at,
      });
      return 'ended';
    }
  }

  async function findVersion(scope: CompanyScope, step: StepRow) {
    if (step.versionId === null) return undefined;
    return (await visibleVersion(db, { kind: 'company', scope }, step.versionId))?.version;
  }

  return {
    handlers: [
      defineJob<AdvancePayload>({
        kind: ADVANCE_PROVISIONING_JOB,
        maxAttempts: ADVANCE_ATTEMPTS,
        backoff: { baseMs: 2_000, maxMs: 60_000 },
        async run(ctx) {
          const run = await findProvisioning(db, ctx.payload.provisioningId);
          if (run?.state !== 'running') return;
          const template =
            run.templateId === null
              ? undefined
              : await findTemplate(db, companyScope(run.companyId), run.templateId);
          for (;;) {
            const steps = await stepsOf(db, [run.id]);
            if (steps.some((s) => s.state === 'failed')) {
              await finishProvisioning(db, run.id, 'stopped', clock.now());
              return;
            }
            const next = steps.find((s) => s.state === 'waiting' || s.state === 'running');
            if (!next) {
              await finishProvisioning(db, run.id, 'done', clock.now());
              return;
            }
            // A running step moves on its command's or change-set's end (the follower).
            if (next.state === 'running') return;
            const outcome = await start(
              { ...run, origin: template?.origin ?? '', template },
              next,
              ctx.attempt >= ADVANCE_ATTEMPTS,
            );
            if (outcome === 'started') return;
          }
        },
      }),
    ],
    schedules: [],
  };
}

/** The template's configuration as the sections a change-set sets (the ones the cloud understands). */
function configSections(template: TemplateRow | undefined): Record<string, unknown> | null {
  const config = template?.configXml ? readDeviceConfiguration(template.configXml) : null;
  if (!config) return null;
  const sections: Record<string, unknown> = {};
  for (const [id, state] of config.sections) if ('value' in state) sections[id] = state.value;
  return sections;
}

/** The console's list: each run with its steps, reasons in the reader's language. */
export async function listProvisioning(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  lang: Lang,
  filter: { state?: ProvisioningState; sn?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: Provisioning[] }> {
  const page = await pageProvisioning(deps.db, actor.scope, filter);
  const steps = await stepsOf(
    deps.db,
    page.rows.map((r) => r.id),
  );
  // What each install step installs, as the company sees it (a version since unpublished keeps its id).
  const labels = new Map<number, string>();
  for (const versionId of new Set(steps.flatMap((s) => (s.versionId === null ? [] : [s.versionId])))) {
    const found = await visibleVersion(deps.db, { kind: 'company', scope: actor.scope }, versionId);
    if (found) labels.set(versionId, `${found.version.name} ${found.version.version}`);
  }
  return {
    total: page.total,
    list: page.rows.map((run) => ({
      provisioningId: run.id,
      sn: run.sn,
      deviceName: run.deviceName,
      model: run.model,
      templateName: run.templateName,
      templateId: run.templateId,
      state: run.state,
      startedAt: run.startedAt.getTime(),
      finishedAt: run.finishedAt?.getTime() ?? null,
      steps: steps
        .filter((s) => s.provisioningId === run.id)
        .map((s) => ({
          kind: s.kind,
          target: s.versionId === null ? s.target : (labels.get(s.versionId) ?? s.target),
          state: s.state,
          attempts: s.attempts,
          reasonCode: s.reasonCode,
          reason:
            s.reason ??
            (s.reasonCode === null ? null : errorMessage(s.reasonCode, lang, s.reasonData ?? undefined)),
          rpcId: s.rpcId,
          changeSetId: s.changeSetId,
          startedAt: s.startedAt?.getTime() ?? null,
          finishedAt: s.finishedAt?.getTime() ?? null,
        })),
    })),
  };
}
