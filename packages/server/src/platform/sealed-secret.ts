import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from './db/open.ts';
import { serverSecret } from './files/signed-links.ts';

/**
 * Secrets the platform must use again later (a partner's SMTP password) are kept sealed: AES-256-GCM
 * with a key derived from the server secret (SERVER_SECRET, or the random one kept in the database)
 * for that purpose alone, so a database copy alone does not hand out a customer's mail password when
 * SERVER_SECRET is set outside it (docs/deployment.md "Secrets").
 */
export interface SecretSeal {
  seal(plain: string): Promise<string>;
  /** Throws when the text was sealed under another server secret or was changed. */
  open(sealed: string): Promise<string>;
}

const VERSION = 'v1';

export function secretSeal(db: Db, configured: string | undefined, purpose: string): SecretSeal {
  const secret = serverSecret(db, configured);
  const keyOf = async () =>
    Buffer.from(hkdfSync('sha256', await secret(), Buffer.alloc(0), `fleetport-seal:${purpose}`, 32));
  return {
    async seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    async open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
