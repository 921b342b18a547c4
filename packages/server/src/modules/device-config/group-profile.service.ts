import {
  type applyGroupProfileCall,
  type CallParsedInput,
  ErrorCode,
  type GroupProfile,
  type Lang,
  parseConfigSections,
  type RolloutSummary,
} from '@fleetport/contract';
import type { Actor } from '../../platform/auth/actor.ts';
import { owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { ensureGroup } from '../device-groups/device-groups.store.ts';
import type { RolloutEngineDeps } from '../rollouts/rollout-engine.ts';
import { createConfigRollout } from '../rollouts/rollouts.service.ts';
import { findGroupProfile, saveGroupProfileRow } from './device-config.store.ts';

/**
 * Group profiles (issue 15, docs/decisions.md "Group profiles"): per group and series, the sections a
 * profile sets; applying one is a rollout of change-sets to the group's routers of that series.
 */

const empty = (groupId: number, series: string): GroupProfile => ({
  groupId,
  series,
  sections: {},
  updatedBy: null,
  updatedAt: null,
});

export async function getGroupProfile(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: { groupId: number; series: string },
): Promise<GroupProfile> {
  const scope = owningScope(actor.scope);
  await ensureGroup(deps.db, scope, input.groupId);
  return (
    (await findGroupProfile(deps.db, scope, input.groupId, input.series)) ??
    empty(input.groupId, input.series)
  );
}

/** Each section must be one the contract knows, with a value its schema accepts; code 1 names the field. */
function checkedSections(sections: Record<string, unknown>): Record<string, unknown> {
  const checked = parseConfigSections(sections);
  if (!checked.ok) throw fieldError(checked.field, checked.message);
  return checked.sections;
}

export async function saveGroupProfile(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: { groupId: number; series: string; sections: Record<string, unknown> },
): Promise<GroupProfile> {
  const scope = owningScope(actor.scope);
  await ensureGroup(deps.db, scope, input.groupId);
  const sections = checkedSections(input.sections);
  await saveGroupProfileRow(deps.db, {
    companyId: owningCompany(scope),
    groupId: input.groupId,
    series: input.series,
    sections,
    updatedBy: actor.userId,
    at: deps.clock.now(),
  });
  return getGroupProfile(deps, actor, input);
}

export async function applyGroupProfile(
  deps: RolloutEngineDeps,
  actor: Actor,
  input: CallParsedInput<typeof applyGroupProfileCall>,
  lang: Lang,
): Promise<RolloutSummary> {
  const { groupId, series, ...settings } = input;
  const profile = await getGroupProfile(deps, actor, { groupId, series });
  if (Object.keys(profile.sections).length === 0) throw new AppError(ErrorCode.GROUP_PROFILE_EMPTY);
  return createConfigRollout(deps, actor, { ...settings, groupId, series, sections: profile.sections }, lang);
}
