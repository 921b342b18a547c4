import { z } from 'zod';
import { ImeiSchema, MacSchema } from './links.ts';
import { DEVICE_TIMING, EpochMsSchema, KeepAliveSchema } from './protocol.ts';
import { SeriesIdSchema } from './series.ts';

/*
 * Zero-touch claim (docs/device-protocol.md §5). A factory-new device connects with user name
 * `claim:<SN>` and a factory proof as password; the proof binds the SN to the MAC or IMEI the
 * company imported, signed with the factory claim key that the manufacturer burns into the firmware
 * and the cloud is configured with. The cloud checks the proof against its import row, then answers
 * a claim request with the device secret, the password of every later connection.
 */

/** Version tag at the start of every proof, so the scheme can change without ambiguity. */
export const CLAIM_PROOF_VERSION = 'fpc1';

/** The key a development deployment uses when none is configured. Never use it in production. */
export const DEVELOPMENT_FACTORY_KEY = 'fleetport-development-factory-key';

export const ClaimIdentifierKindSchema = z.enum(['mac', 'imei']);
export type ClaimIdentifierKind = z.infer<typeof ClaimIdentifierKindSchema>;

/** MAC in upper case with colons (any of `aa-bb..`, `aabb..` accepted), IMEI digits only. */
export function normalizeIdentifier(kind: ClaimIdentifierKind, value: string): string {
  if (kind === 'imei') return value.replace(/\D/g, '');
  const hex = value.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  return hex.match(/.{1,2}/g)?.join(':') ?? '';
}

export interface ClaimProofInput {
  sn: string;
  kind: ClaimIdentifierKind;
  /** The MAC or IMEI, any usual spelling. */
  identifier: string;
  /** Unix time in seconds when the proof was made. */
  ts: number;
}

/** The exact text that is signed: `fpc1|<SN>|<kind>|<normalized identifier>|<ts>`. */
export function claimProofMessage(input: ClaimProofInput): string {
  const id = normalizeIdentifier(input.kind, input.identifier);
  return [CLAIM_PROOF_VERSION, input.sn, input.kind, id, String(input.ts)].join('|');
}

/** HMAC-SHA256 as lower-case hex; each side passes its own (node:crypto, WebCrypto ...). */
export type HmacSha256Hex = (key: string, message: string) => string;

/** The MQTT password of the claim phase: `fpc1:<kind>:<ts>:<hex HMAC>`. */
export function claimPassword(input: ClaimProofInput, factoryKey: string, hmac: HmacSha256Hex): string {
  const proof = hmac(factoryKey, claimProofMessage(input));
  return [CLAIM_PROOF_VERSION, input.kind, String(input.ts), proof].join(':');
}

export function parseClaimPassword(
  password: string,
): { kind: ClaimIdentifierKind; ts: number; proof: string } | null {
  const parts = password.split(':');
  if (parts.length !== 4 || parts[0] !== CLAIM_PROOF_VERSION) return null;
  const kind = ClaimIdentifierKindSchema.safeParse(parts[1]);
  const ts = Number(parts[2]);
  const proof = parts[3] ?? '';
  if (!kind.success || !Number.isInteger(ts) || !/^[0-9a-f]{64}$/.test(proof)) return null;
  return { kind: kind.data, ts, proof };
}

export type ClaimRefusal = 'malformed' | 'expired' | 'noIdentifier' | 'mismatch';

/** Constant-time comparison of two hex strings of equal length. */
function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The cloud's check of a claim password against the import row of the SN.
 * `noIdentifier`: the row has no MAC (or IMEI) of the kind the device used.
 */
export function verifyClaimPassword(args: {
  sn: string;
  password: string;
  imported: { mac?: string | null; imei?: string | null };
  nowMs: number;
  factoryKey: string;
  hmac: HmacSha256Hex;
}): { ok: true; kind: ClaimIdentifierKind } | { ok: false; reason: ClaimRefusal } {
  const parsed = parseClaimPassword(args.password);
  if (!parsed) return { ok: false, reason: 'malformed' };
  if (Math.abs(args.nowMs / 1000 - parsed.ts) > DEVICE_TIMING.claimProofWindowSeconds)
    return { ok: false, reason: 'expired' };
  const identifier = args.imported[parsed.kind];
  if (!identifier) return { ok: false, reason: 'noIdentifier' };
  const expected = args.hmac(
    args.factoryKey,
    claimProofMessage({ sn: args.sn, kind: parsed.kind, identifier, ts: parsed.ts }),
  );
  return sameHex(expected, parsed.proof)
    ? { ok: true, kind: parsed.kind }
    : { ok: false, reason: 'mismatch' };
}

/** `fp/{sn}/up/claim`: published once connected in the claim phase. */
export const ClaimRequestSchema = z.object({
  type: z.literal('claim'),
  ts: EpochMsSchema,
  /** Echoed by the answer, so a device tells a fresh answer from a stale one. */
  requestId: z.string().min(1).max(64),
  model: z.string().min(1).max(32),
  series: SeriesIdSchema,
  mac: MacSchema,
  imei: ImeiSchema.optional(),
  firmwareVersion: z.string().max(32),
  appVersion: z.string().max(32),
});
export type ClaimRequest = z.infer<typeof ClaimRequestSchema>;

/** The device secret: the MQTT password after the claim. */
export const DeviceSecretSchema = z.string().min(24).max(128);

export const CLAIM_REFUSAL_REASONS = ['unknownDevice', 'unproven', 'alreadyClaimed', 'blocked'] as const;

/** `fp/{sn}/down/claim`: the cloud's answer, never retained. */
export const ClaimAnswerSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('claimAccepted'),
    requestId: z.string(),
    secret: DeviceSecretSchema,
    /** Keep-alive the device should use from now on. */
    keepAlive: KeepAliveSchema,
  }),
  z.object({
    type: z.literal('claimRefused'),
    requestId: z.string(),
    reason: z.enum(CLAIM_REFUSAL_REASONS),
    message: z.string().max(500),
  }),
]);
export type ClaimAnswer = z.infer<typeof ClaimAnswerSchema>;
