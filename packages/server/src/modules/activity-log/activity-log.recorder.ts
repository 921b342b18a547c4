import { activityDetailsOf, encodeActivityDetails } from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { CallOutcome } from '../../platform/http/calls.ts';

/** Input fields that name what a call acted on, most specific first. Secrets are never among them. */
const OBJECT_FIELDS = [
  'userId',
  'roleId',
  'groupId',
  'invitationId',
  'companyId',
  'sn',
  'email',
  'account',
  'roleName',
  'companyName',
  'name',
  'pageName',
] as const;
const OBJECT_MAX = 200;

/**
 * `userId=12, roleId=3`: the object of a call, read from its validated input. A device call names what
 * matters to it (the app uninstalled, the host pinged ...) by its rule in the contract's activity details.
 */
export function objectOf(input: unknown, callId?: string): string | null {
  const details = callId === undefined ? null : activityDetailsOf(callId, input);
  if (details) return encodeActivityDetails(details)?.slice(0, OBJECT_MAX) ?? null;
  if (!input || typeof input !== 'object') return null;
  const record = input as Record<string, unknown>;
  const parts = OBJECT_FIELDS.filter(
    (k) => typeof record[k] === 'string' || typeof record[k] === 'number',
  ).map((k) => `${k}=${String(record[k])}`);
  return parts.length ? parts.join(', ').slice(0, OBJECT_MAX) : null;
}

/** At most this many SNs of a bulk call are kept with its entry (bulk device calls take at most 100). */
const DEVICES_MAX = 1000;

/** The devices a call concerned, from its validated input (`sn`, `sns`); null when none. */
export function devicesOf(input: unknown): string[] | null {
  if (!input || typeof input !== 'object') return null;
  const { sn, sns } = input as { sn?: unknown; sns?: unknown };
  const found = new Set<string>();
  if (typeof sn === 'string' && sn) found.add(sn);
  if (Array.isArray(sns)) for (const s of sns) if (typeof s === 'string' && s) found.add(s);
  return found.size ? [...found].slice(0, DEVICES_MAX) : null;
}

/**
 * The `onCallFinished` hook of registerCalls: records every call whose contract def `mutates`. A signed-in
 * call refused before its session was known (no or bad ticket) has nobody to attribute and is skipped.
 * A failure to write is logged, never turned into the caller's error.
 */
export function activityRecorder(
  deps: ModuleDeps<'clock' | 'db'>,
  log: () => { error(obj: object, msg: string): void },
) {
  return async (outcome: CallOutcome): Promise<void> => {
    const { call, session, request } = outcome;
    if (call.permission !== 'public' && !session) return;
    try {
      await deps.db
        .insertInto('activity_log')
        .values({
          company_id: session?.companyId ?? null,
          user_id: session?.userId ?? null,
          user_name: session?.userName ?? null,
          login_account: session?.loginAccount ?? null,
          call_id: call.id,
          object: objectOf(outcome.input, call.id),
          device_sns: devicesOf(outcome.input),
          remote_address: request.ip ?? null,
          result_code: outcome.code,
          at: deps.clock.now(),
        })
        .execute();
    } catch (error) {
      log().error({ err: error, callId: call.id }, 'activity log write failed');
    }
  };
}
