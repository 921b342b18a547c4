import type { CallParsedInput, NotificationChoice, saveNotificationChoicesCall } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { choicesOf, saveChoices } from './notification-choices.store.ts';

/**
 * A person's own notification choices (docs/decisions.md "Notification choices"): the caller reads
 * and sets their own cells only; nobody else's are reachable through these calls.
 */
export function myChoices(deps: ModuleDeps<'db'>, actor: Actor): Promise<{ choices: NotificationChoice[] }> {
  return choicesOf(deps.db, actor).then((choices) => ({ choices }));
}

export async function saveMyChoices(
  deps: ModuleDeps<'db' | 'clock'>,
  actor: Actor,
  input: CallParsedInput<typeof saveNotificationChoicesCall>,
): Promise<{ choices: NotificationChoice[] }> {
  await saveChoices(deps.db, actor, input.choices, deps.clock.now());
  return myChoices(deps, actor);
}
