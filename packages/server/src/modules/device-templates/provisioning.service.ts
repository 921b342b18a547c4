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
} from './provisioning-follower.ts';

/** The configuration's confirm window: the router puts its configuration back unless it reaches us again. */
const CONFIG_CONFIRM_SECONDS = 120;

import { type Actor, type CompanyScope, companyScope } from '../../platform/auth/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJob } from '../../platform/jobs/define.ts';
import { visibleVersion } from '../app-centre/app-centre.store.ts';
import { NOTHING_CHANGES, sendTemplateChangeSet } from '../device-config/device-config.service.ts';
import { findChangeSetById } from '../device-config/device-config.store.ts';
import { createInstalls } from '../device-software/device-install.service.ts';
import { findTemplate, type TemplateRow } from './device-templates.store.ts';
import {
  claimedDevice,
  countAttempt,
  findProvisioning,
  finishProvisioning,
  moveStep,
  pageProvisioning,
  type StepRow,
  stepsOf,
} from './provisioning.store.ts';

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
