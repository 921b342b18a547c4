/**
 * Steps of the partner journeys: a distributor adds a customer through the customers area's call, and
 * the customer's owner accepts the mailed invitation, creating their account, and signs in.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { addCustomerCall, COMPANY_TYPE, type Lang } from '@fleetport/contract';
import type { Page } from 'playwright-core';
import { consolePath, consoleUrl } from './harness.ts';
import { callAs, dismissInstructions, mailed, signIn } from './operation-steps.ts';

/** The password every invited owner of the journeys chooses. */
export const PASSWORD = 'Fleet!port-Secure9';

/**
 * `partner` (signed in, a distributor or re-seller) adds the end customer `name`, invites `ownerEmail`
 * as its owner; on `customer` (a fresh page) the owner accepts the invitation and signs in. Answers the
 * customer's company id.
 */
export async function addCustomerWithOwner(
  partner: Page,
  customer: Page,
  lang: Lang,
  v: { name: string; ownerEmail: string },
): Promise<number> {
  const invited = Date.now();
  const added = await callAs(
    partner,
    addCustomerCall,
    { name: v.name, type: COMPANY_TYPE.endCustomer, ownerEmail: v.ownerEmail },
    lang,
  );
  assert.equal(added.code, 0, added.msg);
  await acceptInvitation(customer, v.ownerEmail, invited);
  return (added.data as { companyId: number }).companyId;
}

/**
 * On `customer` (a fresh page) the person invited as `ownerEmail` at or after `invited` opens the mailed
 * link, accepts (creating their account with PASSWORD) and signs in.
 */
export async function acceptInvitation(customer: Page, ownerEmail: string, invited: number): Promise<void> {
  const token = await mailed(ownerEmail, /emailToLogin\?token=([\w-]+)/, invited);
  await customer.goto(consoleUrl(`emailToLogin?token=${token}`));
  await customer.getByTestId('invitation').waitFor();
  await customer.getByTestId('invitation-user-name').fill('Customer Owner');
  await customer.getByTestId('invitation-password').fill(PASSWORD);
  await customer.getByTestId('invitation-confirm-password').fill(PASSWORD);
  await customer.getByTestId('invitation-accept').click();
  await customer.waitForURL(`**${consolePath}login`);
  await signIn(customer, ownerEmail, PASSWORD);
  await dismissInstructions(customer);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/**
 * A real PNG of one colour at the given pixel size (an e-mail banner is 600x235, an OEM logo 135x35),
 * written to a temporary file named `name` for a page's file input.
 */
export function pngFile(
  width: number,
  height: number,
  name: string,
  rgb: [number, number, number] = [22, 119, 255],
) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fp-png-')), name);
  fs.writeFileSync(file, png);
  return file;
}
