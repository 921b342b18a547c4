import type { CallDef, CallInput, CallOutput, Envelope } from '@fleetport/contract';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';

/** Helpers for the device console's API tests: a signed-in company owner and typed calls. */

export interface Owner extends SignedIn {
  companyId: number;
  userId: number;
  account: string;
  /** A contract call with this session: the path and method come from the contract, not the test. */
  run<C extends CallDef>(call: C, input: CallInput<C>, lang?: 'en' | 'cn'): Promise<Envelope<CallOutput<C>>>;
}

export async function companyOwner(t: TestApp, companyName: string, account: string): Promise<Owner> {
  const { companyId, userId } = await registerCompany(t, { companyName, account });
  return asOwner(await signIn(t, account), { companyId, userId, account });
}

export function asOwner(
  session: SignedIn,
  who: { companyId: number; userId: number; account: string },
): Owner {
  return {
    ...session,
    ...who,
    async run(call, input, lang = 'en') {
      const res = await session.call(call.method, call.path, input, { language: lang });
      return res.body as Envelope<never>;
    },
  };
}

/** Inserts devices straight into the registry (as claimed devices), for tests that need many. */
export async function seedDevices(
  t: TestApp,
  companyId: number,
  devices: {
    sn: string;
    name?: string;
    model?: string;
    series?: string;
    online?: boolean;
    firmware?: string;
    ip?: string;
    mac?: string;
    imei?: string;
    lastSeenAt?: Date;
  }[],
): Promise<void> {
  const now = t.clock.now();
  await t.deps.db
    .insertInto('device')
    .values(
      devices.map((d) => ({
        sn: d.sn,
        company_id: companyId,
        name: d.name ?? d.sn,
        model: d.model ?? 'R3000-Q',
        series: d.series ?? 'r3000',
        online: d.online ?? false,
        firmware_version: d.firmware ?? '5.3.0',
        ip: d.ip ?? null,
        mac: d.mac ?? null,
        imei: d.imei ?? null,
        last_seen_at: d.lastSeenAt ?? now,
        secret_hash: 'ab'.repeat(32),
        claimed_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
