import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30 s. */
const PERIOD = 30;
const ISSUER = 'Fleetport';
/** Accept the step before and after the current one (clock drift; RFC 6238 §5.2). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totp(secret: string, account = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh 160-bit key, base32 (RFC 4226 recommends 160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code as an SVG data URL (drawn here, so the console ships no QR code). */
export async function enrolmentOf(secret: string, account: string) {
  const otpauthUri = totp(secret, account).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauthUri,
    qrImage: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The 30-second step a code belongs to (within ±1 of now), or null when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp }) + delta;
}

/** Ten codes such as `k3x7q-2mfpa` (50 bits each, base32 letters and digits). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: SHA-256 of the person and the code without its dash (the contract normalises it). */
export function recoveryCodeHash(userId: number, normalisedCode: string): string {
  return createHash('sha256')
    .update(`${userId}:${normalisedCode.replace(/-/g, '')}`)
    .digest('hex');
}
