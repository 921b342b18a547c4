import {
  compareVersions,
  ErrorCode,
  errorMessage,
  type Lang,
  type Provisioning,
  type ProvisioningState,
  readDeviceConfiguration,
} from '@fleetport/contract';
import type { AppDeps } from '../../platform/app-deps.ts';
import {
  ADVANCE_ATTEMPTS,
  ADVANCE_PROVISIONING_JOB,
  type AdvancePayload,
  createProvisioningFollower,
  LICENCE_CODES,
} from './provisioning-follower.ts';

/** Runs looked at by the resume sweep, and how often: a restart or a missed answer costs at most this. */
export const RESUME_PROVISIONING_JOB = 'deviceTemplates.resumeProvisioning';
const RESUME_EVERY_MS = 60_000;
const RESUME_BATCH = 500;
/** How long a step waits for the router's licence to include updates before the run stops. */
const LICENCE_WAIT_MS = 7 * 24 * 3600_000;
/** A step taken but not sent for this long was left by a node that died: it is started again. */
const STALLED_START_MS = 5 * 60_000;

/** The configuration's confirm window: the router puts its configuration back unless it reaches us again. */
const CONFIG_CONFIRM_SECONDS = 120;

import { findRpcCommands } from '../../gateway/rpc.store.ts';
import { type Actor, type CompanyScope, companyScope } from '../../platform/auth/actor.ts';
import { type AppError, isAppError } from '../../platform/errors.ts';
import { defineJob, defineSchedule } from '../../platform/jobs/define.ts';
import { visibleVersion } from '../app-centre/app-centre.store.ts';
import { NOTHING_CHANGES, sendTemplateChangeSet } from '../device-config/device-config.service.ts';
import { findChangeSetById } from '../device-config/device-config.store.ts';
import { createInstalls } from '../device-software/device-install.service.ts';
import { findTemplate, type TemplateRow } from './device-templates.store.ts';
import {
  claimedDevice,
  findProvisioning,
  finishProvisioning,
  moveStep,
  pageProvisioning,
  runningProvisioningIds,
  type StepRow,
  stepsOf,
} from './provisioning.store.ts';

type AdvanceDeps = Pick<AppDeps, 'db' | 'clock' | 'gateway' | 'files' | 'hub'>;

/** Why a step could not start: a catalogue code, with its data when it has placeholders. */
function refusal(error: AppError): {
  reasonCode: number;
  reasonData: Record<string, string> | null;
  reason: string | null;
} {
  const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields;
  return {
    reasonCode: error.code,
    reasonData: typeof error.data === 'string' ? { sn: error.data } : null,
    reason: fields?.[0] ? `${fields[0].field}: ${fields[0].message}` : null,
  };
}

/** The job that moves a run on: starts its next step, or ends the run when no step is left. */
export function provisioningJobs(deps: AdvanceDeps) {
  const { db, clock } = deps;
  const installs = createInstalls(deps);
  const follower = createProvisioningFollower(deps);

  /**
   * Starts a waiting step. It is taken first (waiting → running), so two advances at once (the job and
   * the resume sweep) never send two installs; then the command or change-set is sent and named on it.
   */
  async function start(
    run: {
      id: number;
      companyId: number;
      sn: string;
      startedAt: Date;
      origin: string;
      template: TemplateRow | undefined;
    },
    step: StepRow,
    lastTry: boolean,
  ): Promise<'started' | 'ended'> {
    const scope = companyScope(run.companyId);
    const at = clock.now();
    // A node without the device gateway cannot send: the job goes back to the queue for one that can.
    if (!deps.gateway) throw new Error('no device gateway on this node');
    const taken = await moveStep(db, step, ['waiting'], 'running', {
      started: true,
      reasonCode: null,
      reasonData: null,
      reason: null,
      at,
    });
    if (!taken) return 'started';
    try {
      if (step.kind === 'firmware' || step.kind === 'app') {
        const found = await findVersion(scope, step);
        if (step.kind === 'firmware' && found) {
          const device = await claimedDevice(db, run.sn);
          if (device?.firmwareVersion && compareVersions(device.firmwareVersion, found.version) >= 0) {
            await moveStep(db, step, ['running'], 'skipped', {
              reasonCode: ErrorCode.TEMPLATE_FIRMWARE_CURRENT,
              reasonData: { version: found.version },
              at,
            });
            return 'ended';
          }
        }
        const action = await installs.provision(scope, run.sn, step.versionId ?? 0, run.origin);
        await moveStep(db, step, ['running'], 'running', { rpcId: action.rpcId, at });
        await settleIfEnded({ ...step, rpcId: action.rpcId, changeSetId: null });
        return 'started';
      }
      const sections = configSections(run.template);
      if (!sections) {
        await moveStep(db, step, ['running'], 'failed', { reasonCode: ErrorCode.TEMPLATE_NOT_FOUND, at });
        return 'ended';
      }
      const changeSet = await sendTemplateChangeSet(deps, scope, {
        sn: run.sn,
        sections,
        confirmSeconds: CONFIG_CONFIRM_SECONDS,
      });
      await moveStep(db, step, ['running'], 'running', { changeSetId: changeSet.id, at });
      await settleIfEnded({ ...step, rpcId: null, changeSetId: changeSet.id });
      return 'started';
    } catch (error) {
      if (!isAppError(error)) {
        // Not a refusal (the database, the network): the step goes again with the job's retry.
        await moveStep(db, step, ['running'], 'waiting', { at });
        throw error;
      }
      const refused = refusal(error);
      if (refused.reason?.endsWith(NOTHING_CHANGES)) {
        await moveStep(db, step, ['running'], 'skipped', {
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
        await moveStep(db, step, ['running'], 'waiting', { at });
        throw error;
      }
      // The router's licence does not include updates (core §6): the step waits, saying so, until the
      // company gives it one (`licences.changed`, or the resume sweep's next minute), for at most a week.
      if (
        LICENCE_CODES.includes(refused.reasonCode) &&
        at.getTime() - run.startedAt.getTime() < LICENCE_WAIT_MS
      ) {
        await moveStep(db, step, ['running'], 'waiting', { ...refused, at });
        return 'started';
      }
      await moveStep(db, step, ['running'], 'failed', {
        ...(refused.reasonCode === ErrorCode.CONFIG_NOT_REPORTED
          ? { reasonCode: ErrorCode.TEMPLATE_CONFIG_NOT_REPORTED, reasonData: null }
          : refused),
        at,
      });
      return 'ended';
    }
  }

  /**
   * A running step whose command or change-set has ended already: answered before the step named it,
   * or while the node that heard the answer died before moving the step. Settled as the follower would.
   */
  async function settleIfEnded(step: StepRow): Promise<void> {
    if (step.rpcId) {
      const [row] = await findRpcCommands(db, [step.rpcId]);
      if (row && row.state !== 'inExecution') await follower.commandAnswered(db, row);
    } else if (step.changeSetId) {
      const row = await findChangeSetById(db, step.changeSetId);
      if (row && row.state !== 'queued' && row.state !== 'applying')
        await follower.changeSetFinished(db, row);
    } else if (step.startedAt && clock.now().getTime() - step.startedAt.getTime() > STALLED_START_MS) {
      // Taken but never sent (its node died in between): it goes again.
      await moveStep(db, step, ['running'], 'waiting', { at: clock.now() });
    }
  }

  async function findVersion(scope: CompanyScope, step: StepRow) {
    if (step.versionId === null) return undefined;
    return (await visibleVersion(db, { kind: 'company', scope }, step.versionId))?.version;
  }

  /** Moves a run as far as it goes now: ends it, or starts its next step and leaves it to the device. */
  async function advance(provisioningId: number, lastTry: boolean): Promise<void> {
    const run = await findProvisioning(db, provisioningId);
    if (run?.state !== 'running') return;
    const template =
      run.templateId === null
        ? undefined
        : await findTemplate(db, companyScope(run.companyId), run.templateId);
    for (let moves = 0; moves < 50; moves++) {
      const steps = await stepsOf(db, [run.id]);
      const failed = steps.some((s) => s.state === 'failed');
      const next = steps.find((s) => s.state === 'waiting' || s.state === 'running');
      if (failed || !next) {
        const state = failed ? 'stopped' : 'done';
        if (await finishProvisioning(db, run.id, state, clock.now()))
          deps.hub.publish('provisioning.changed', run.companyId, { sn: run.sn, state });
        return;
      }
      if (next.state === 'running') {
        // It moves on its command's or change-set's end (the follower); unless that end was missed.
        await settleIfEnded(next);
        const [again] = (await stepsOf(db, [run.id])).filter((s) => s.position === next.position);
        if (again?.state === 'running') return;
        continue;
      }
      const outcome = await start({ ...run, origin: template?.origin ?? '', template }, next, lastTry);
      deps.hub.publish('provisioning.changed', run.companyId, { sn: run.sn, state: 'running' });
      if (outcome === 'started') return;
    }
  }

  return {
    handlers: [
      defineJob<AdvancePayload>({
        kind: ADVANCE_PROVISIONING_JOB,
        maxAttempts: ADVANCE_ATTEMPTS,
        backoff: { baseMs: 2_000, maxMs: 60_000 },
        run: (ctx) => advance(ctx.payload.provisioningId, ctx.attempt >= ADVANCE_ATTEMPTS),
      }),
      defineJob<null>({
        kind: RESUME_PROVISIONING_JOB,
        maxAttempts: 1,
        // The backstop: every running run is looked at, so none waits for ever on a missed answer.
        async run() {
          for (const id of await runningProvisioningIds(db, RESUME_BATCH)) {
            await advance(id, false).catch(() => {
              // A step not ready yet (the router's first report): its own job retries it.
            });
          }
        },
      }),
    ],
    schedules: [
      defineSchedule({
        name: RESUME_PROVISIONING_JOB,
        every: RESUME_EVERY_MS,
        kind: RESUME_PROVISIONING_JOB,
        runAtStart: true,
      }),
    ],
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
  // A step saved without its version's name (the version was not visible when the run started).
  const labels = new Map<number, string>();
  for (const versionId of new Set(
    steps.flatMap((s) => (s.versionId === null || s.target ? [] : [s.versionId])),
  )) {
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
          target: s.target || (s.versionId === null ? '' : (labels.get(s.versionId) ?? '')),
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
