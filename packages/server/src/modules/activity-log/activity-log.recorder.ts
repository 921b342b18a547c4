import {
  acceptInvitationCall,
  activityDetailsOf,
  type CallDef,
  encodeActivityDetails,
  isActivityRecorded,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import type { Session } from '../../platform/auth/session.ts';
import type { CallOutcome } from '../../platform/http/calls.ts';
import {
  type InvitationAcceptance,
  invitationAcceptance,
  type ObjectNames,
  objectNames,
} from './activity-names.ts';

/** What `describe` tells the recorder: object names, and for an invitation's acceptance who accepts it. */
type Described = ObjectNames & { acceptance?: InvitationAcceptance | null };

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
  'groupName',
  'name',
  'pageName',
] as const;
const OBJECT_MAX = 200;

/** How an id field is recorded once its object's name is known: `groupId=2` becomes `group=Depot`. */
const NAMED: Readonly<Record<keyof ObjectNames, string>> = {
  groupId: 'group',
  roleId: 'role',
  userId: 'user',
  tagId: 'tag',
  companyId: 'company',
};

/**
 * `user=Ann (ann@x.com), role=Operators`: the object of a call, read from its validated input, each id
 * replaced by the name of what it points at when `names` knows it (an id that named nothing stays an
 * id). A device call names what matters to it (the app uninstalled, the host pinged ...) by its rule in
 * the contract's activity details.
 */
export function objectOf(input: unknown, callId?: string, names: ObjectNames = {}): string | null {
  const details = callId === undefined ? null : activityDetailsOf(callId, input);
  if (details) return encodeActivityDetails(details)?.slice(0, OBJECT_MAX) ?? null;
  if (!input || typeof input !== 'object') return null;
  const record = input as Record<string, unknown>;
  const parts = OBJECT_FIELDS.filter(
    (k) => typeof record[k] === 'string' || typeof record[k] === 'number',
  ).map((k) => {
    const name = names[k as keyof ObjectNames];
    // A comma would split the stored pair (encodeActivityDetails does the same).
    return name === undefined
      ? `${k}=${String(record[k])}`
      : `${NAMED[k as keyof ObjectNames]}=${name.replace(/,\s*/g, '; ')}`;
  });
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
    // A preview is not an import, a serial port's reads and writes are its session's (contract rule).
    if (outcome.input !== null && !isActivityRecorded(call.id, outcome.input)) return;
    const described = (outcome.described ?? {}) as Described;
    // Accepting has no session: the entry goes to the inviting company, under the person who accepted.
    const accepted = session ? null : (described.acceptance ?? null);
    try {
      await deps.db
        .insertInto('activity_log')
        .values({
          company_id: session?.companyId ?? accepted?.companyId ?? null,
          user_id: session?.userId ?? null,
          user_name: session?.userName ?? accepted?.userName ?? null,
          login_account: session?.loginAccount ?? accepted?.loginAccount ?? null,
          call_id: call.id,
          object: accepted
            ? `role=${accepted.roleName.replace(/,\s*/g, '; ')}`
            : objectOf(outcome.input, call.id, described),
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

/**
 * The `describe` hook of registerCalls: the names of the objects a mutating call's input points at, read
 * before the handler runs. A failed look-up is logged and leaves the ids as they are.
 */
export function activityObjectNames(
  deps: ModuleDeps<'db'>,
  log: () => { error(obj: object, msg: string): void },
) {
  return async (call: CallDef, session: Session | null, input: unknown): Promise<Described> => {
    try {
      if (call.id === acceptInvitationCall.id)
        return { acceptance: await invitationAcceptance(deps.db, input) };
      return await objectNames(deps.db, session, input);
    } catch (error) {
      log().error({ err: error, callId: call.id }, 'activity object names failed');
      return {};
    }
  };
}
