import type { InstallerConsoleState, InstallerLicenceState } from '../enums/licences.ts';
import { INSTALLER_FREE_TRIAL_MONTHS, INSTALLER_LICENCE_MAX_DEVICES } from '../limits.ts';

/**
 * The installer console licence (core §3, §4 "Installer licence"; features §9; docs/decisions.md
 * "Installer console licence"). The server answers its state sealed with a salt; the console reads
 * USING only when the opened value is that salt. The key below ships in the console's bundle, so it
 * is no secret: it only keeps the answer from being edited by hand in the browser's tools. The server
 * never trusts it: every installer call checks the licence itself (190328).
 */

/** AES-256-GCM key (hex) the server seals the state with and the console opens it with. */
export const INSTALLER_STATE_KEY_HEX = '4f6c3a1e9b2d7c8a5e0f1b3d6a9c2e4f7b1d3e5a8c0f2b4d6e8a1c3e5f7b9d0a';

const IV_BYTES = 12;
/** The value sealed for a console that must freeze (anything but the salt would do). */
const EXPIRED_VALUE = 'EXPIRED';

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function stateKey(usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', hexBytes(INSTALLER_STATE_KEY_HEX), 'AES-GCM', false, [
    usage,
  ]);
}

/** A fresh salt for one answer (16 random bytes, base64). */
export function newInstallerSalt(): string {
  return toBase64(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/** The sealed state: base64 of the IV and the AES-GCM ciphertext of the salt (USING) or of EXPIRED. */
export async function sealInstallerState(state: InstallerLicenceState, salt: string): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(state === 'USING' ? salt : EXPIRED_VALUE);
  const sealed = new Uint8Array(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await stateKey('encrypt'), plain),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/** What the console reads: USING only if the state opens to the salt; anything else is EXPIRED. */
export async function openInstallerState(answer: {
  state: string;
  salt: string;
}): Promise<InstallerLicenceState> {
  try {
    const bytes = fromBase64(answer.state);
    if (bytes.length <= IV_BYTES) return 'EXPIRED';
    const plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
      await stateKey('decrypt'),
      bytes.slice(IV_BYTES),
    );
    return answer.salt.length > 0 && new TextDecoder().decode(plain) === answer.salt ? 'USING' : 'EXPIRED';
  } catch {
    // Not base64, not sealed with the key, or edited: the console stays frozen.
    return 'EXPIRED';
  }
}

/** Where a company's console stands at `now`: a paid period first, then the trial, else expired. */
export function installerConsoleStateAt(
  licence: { trialEndsAt: number | null; paidUntil: number | null },
  now: number,
): InstallerConsoleState {
  if (licence.paidUntil !== null && licence.paidUntil > now) return 'active';
  if (licence.trialEndsAt !== null && licence.trialEndsAt > now) return 'freeTrial';
  return 'expired';
}

/** When the console's current access ends (the later of the paid period and the trial), or null. */
export function installerAccessEndsAt(
  licence: { trialEndsAt: number | null; paidUntil: number | null },
  now: number,
): number | null {
  const ends = [licence.paidUntil, licence.trialEndsAt].filter((t): t is number => t !== null && t > now);
  return ends.length === 0 ? null : Math.max(...ends);
}

/**
 * Licences one 30-day period takes for a company with `devices` devices: one per started 5,000
 * (INSTALLER_LICENCE_MAX_DEVICES), and one for a company with none yet.
 */
export function installerLicencesPerPeriod(devices: number): number {
  return Math.max(1, Math.ceil(devices / INSTALLER_LICENCE_MAX_DEVICES));
}

/** The free trial's end: INSTALLER_FREE_TRIAL_MONTHS calendar months (UTC) after `start`, day clamped. */
export function installerTrialEnd(start: number): number {
  const d = new Date(start);
  const month = d.getUTCMonth() + INSTALLER_FREE_TRIAL_MONTHS;
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return Date.UTC(
    d.getUTCFullYear(),
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}
