import { isEmail, normalizePhone } from '@fleetport/contract';

/**
 * The stored form of a login account: e-mail addresses in lower case (mail is case-insensitive in
 * practice, and "Ann@x.com" must not become a second person), phones without spaces.
 */
export function normalizeAccount(account: string): string {
  const trimmed = account.trim();
  return isEmail(trimmed) ? trimmed.toLowerCase() : normalizePhone(trimmed);
}
