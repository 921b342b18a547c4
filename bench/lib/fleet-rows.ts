import { randomBytes } from 'node:crypto';
import { hashDeviceSecret } from '../../packages/server/src/modules/devices/devices.service.ts';
import type { Db } from '../../packages/server/src/platform/db/open.ts';

/** `count` devices with fresh secrets, named `<prefix>00000001` and on. */
export function benchFleet(prefix: string, count: number): { sn: string; secret: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    sn: `${prefix}${String(i).padStart(8, '0')}`,
    secret: randomBytes(32).toString('base64url'),
  }));
}

/** Stores the devices (SN and the secret's hash, as a claim does) for the company, 1,000 per insert. */
export async function insertFleet(
  db: Db,
  companyId: number,
  devices: readonly { sn: string; secret: string }[],
) {
  for (let i = 0; i < devices.length; i += 1000) {
    await db
      .insertInto('device')
      .values(
        devices.slice(i, i + 1000).map((d) => ({
          sn: d.sn,
          company_id: companyId,
          secret_hash: hashDeviceSecret(d.secret),
        })),
      )
      .execute();
  }
}
