/**
 * Steps of the partner journeys: a distributor adds a customer through the customers area's call, and
 * the customer's owner accepts the mailed invitation, creating their account, and signs in.
 */
import assert from 'node:assert/strict';
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
