import { z } from 'zod';

/**
 * The second factor's input and enrolment shapes, apart from the two-factor calls (api/two-factor.ts):
 * the sign-in (api/auth.ts) needs only these, and the console's first load carries only what it imports.
 */

/** Six digits from the authenticator app; spaces are dropped. */
export const TotpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as shown (`xxxxx-xxxxx`); case and the dash do not matter. */
export const RecoveryCodeSchema = z
  .string()
  .trim()
  .min(10)
  .max(16)
  .transform((v) => v.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/));

/** What an authenticator app needs to enrol: the key as text and as a QR code of its otpauth:// URI. */
export const TwoFactorEnrolmentSchema = z.object({
  /** Base32 key for typing into the app. */
  secret: z.string(),
  /** `otpauth://totp/...` (Key Uri Format). */
  otpauthUri: z.string(),
  /** The URI as a QR code: `data:image/svg+xml;base64,...`. */
  qrImage: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolmentSchema>;
