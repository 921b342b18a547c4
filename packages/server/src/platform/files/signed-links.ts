import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { downloadFileCall, ErrorCode, type FileLink } from '@fleetport/contract';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/open.ts';
import { AppError } from '../errors.ts';

const SECRET_SETTING = 'serverSecret';

/**
 * The server's secret: SERVER_SECRET when set, otherwise a random one made on the first start and
 * kept in app_setting, so links survive restarts and every node on the database signs alike.
 */
export function serverSecret(db: Db, configured: string | undefined): () => Promise<string> {
  let secret: Promise<string> | undefined;
  return () => {
    secret ??= (async () => {
      if (configured) return configured;
      await db
        .insertInto('app_setting')
        .values({ key: SECRET_SETTING, value: JSON.stringify(randomBytes(32).toString('base64url')) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_setting')
        .select('value')
        .where('key', '=', SECRET_SETTING)
        .executeTakeFirstOrThrow();
      return String(row.value);
    })().catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
}

export interface SignedLinks {
  /** A link to `fileId` valid for `ttlSeconds` from now. */
  sign(fileId: number, ttlSeconds: number): Promise<FileLink>;
  /** Throws 14065 when the link has expired, 5 when its signature does not match. */
  verify(link: { fileId: number; expires: number; sig: string }): Promise<void>;
}

/** HMAC-SHA256 over the file id and expiry, with a key derived from the server secret for this use only. */
export function signedLinks(options: {
  secret: () => Promise<string>;
  clock: Clock;
  apiPrefix: string;
}): SignedLinks {
  const keyOf = async () =>
    createHmac('sha256', await options.secret())
      .update('file-download-link')
      .digest();
  const signature = async (fileId: number, expires: number) =>
    createHmac('sha256', await keyOf())
      .update(`${fileId}.${expires}`)
      .digest('base64url');
  return {
    async sign(fileId, ttlSeconds) {
      const expiresAt = options.clock.now().getTime() + ttlSeconds * 1000;
      const sig = await signature(fileId, expiresAt);
      const query = new URLSearchParams({ fileId: String(fileId), expires: String(expiresAt), sig });
      return { url: `${options.apiPrefix}${downloadFileCall.path}?${query}`, expiresAt };
    },
    async verify({ fileId, expires, sig }) {
      const expected = Buffer.from(await signature(fileId, expires));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(ErrorCode.NO_PERMISSION, null, 403);
      // Checked after the signature, so a forged expiry never learns more than "no permission".
      if (options.clock.now().getTime() > expires)
        throw new AppError(ErrorCode.SHARE_LINK_EXPIRED, null, 410);
    },
  };
}
