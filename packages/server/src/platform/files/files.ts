import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileLink, StoredFile } from '@fleetport/contract';
import type { CompanyScope } from '../auth/actor.ts';
import type { Clock } from '../clock.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/open.ts';
import type { FileStore } from './file-store.ts';
import { localFileStore } from './local-store.ts';
import { s3FileStore } from './s3-store.ts';
import { type SignedLinks, serverSecret, signedLinks } from './signed-links.ts';
import {
  deleteCompanyFile,
  deleteFileRow,
  expiredFiles,
  findCompanyFile,
  insertStoredFile,
  type StoredFileRow,
} from './stored-files.store.ts';

/** The store the configuration asks for: S3 when FILE_STORE_URL is set, else DATA_DIR/files. */
export function createFileStore(config: ServerConfig): FileStore {
  const { storeUrl } = config.files;
  if (storeUrl) return s3FileStore({ url: storeUrl, ...config.files });
  return localFileStore(path.join(config.dataDir, 'files'));
}

export interface SaveFileInput {
  companyId: number;
  /** An upload kind, or what made the file (`export`). */
  kind: string;
  name: string;
  contentType: string;
  source: Readable | AsyncIterable<Uint8Array>;
  /** Largest size accepted, inclusive; past it `FileTooLargeError` and nothing is kept. */
  maxBytes?: number;
  /** The user who uploaded or asked for it; null for the platform's own files. */
  createdBy: number | null;
  /** When retention may delete it; null keeps it. */
  expiresAt?: Date | null;
}

/**
 * The owner id of the platform's own files, uploaded by the Super Admin (who has no company): no
 * company has id 0, so no company's scope reaches them; an area that publishes them (the app centre)
 * checks who may see each one and hands out signed links.
 */
export const PLATFORM_FILE_OWNER = 0;

/** Files as the modules use them: bytes in the store, one `stored_file` row, signed links. */
export interface Files {
  store: FileStore;
  links: SignedLinks;
  /** Streams the bytes into the store, then records the row; a failed record removes the bytes. */
  save(input: SaveFileInput): Promise<StoredFileRow>;
  /** One of the files of the scope's companies, or undefined. */
  find(scope: CompanyScope, fileId: number): Promise<StoredFileRow | undefined>;
  /** Deletes the row, then the bytes; false when the company holds no such file. */
  remove(companyId: number, fileId: number): Promise<boolean>;
  /** Deletes up to `limit` files whose `expiresAt` has passed (retention); answers how many. */
  removeExpired(limit?: number): Promise<number>;
  /** A signed link valid `ttlSeconds` (the configured default when absent). */
  link(file: Pick<StoredFileRow, 'id'>, ttlSeconds?: number): Promise<FileLink>;
  /** The contract's view of a file, with a fresh link. */
  describe(file: StoredFileRow): Promise<StoredFile>;
}

export function createFiles(options: {
  db: Db;
  clock: Clock;
  config: ServerConfig;
  store: FileStore;
}): Files {
  const { db, clock, config, store } = options;
  const links = signedLinks({
    secret: serverSecret(db, config.serverSecret),
    clock,
    apiPrefix: config.apiPrefix,
  });
  const files: Files = {
    store,
    links,
    async save(input) {
      const now = clock.now();
      const month = now.toISOString().slice(0, 7);
      const key = `${input.companyId}/${month}/${randomUUID()}`;
      const stored = await store.put(key, input.source, {
        contentType: input.contentType,
        ...(input.maxBytes !== undefined ? { maxBytes: input.maxBytes } : {}),
      });
      try {
        return await insertStoredFile(db, {
          companyId: input.companyId,
          kind: input.kind,
          name: input.name,
          size: stored.size,
          sha256: stored.sha256,
          contentType: input.contentType,
          storeKey: key,
          createdBy: input.createdBy,
          createdAt: now,
          expiresAt: input.expiresAt ?? null,
        });
      } catch (error) {
        await store.delete(key);
        throw error;
      }
    },
    find: (scope, fileId) => findCompanyFile(db, scope, fileId),
    async remove(companyId, fileId) {
      const row = await deleteCompanyFile(db, companyId, fileId);
      if (!row) return false;
      await store.delete(row.storeKey);
      return true;
    },
    async removeExpired(limit = 500) {
      const due = await expiredFiles(db, clock.now(), limit);
      for (const file of due) {
        // Row first: a link to it answers 14064 from now on, even if removing the bytes fails.
        await deleteFileRow(db, file.id);
        await store.delete(file.storeKey);
      }
      return due.length;
    },
    link: (file, ttlSeconds) => links.sign(file.id, ttlSeconds ?? config.files.urlTtlSeconds),
    async describe(file) {
      return {
        fileId: file.id,
        kind: file.kind,
        name: file.name,
        size: file.size,
        sha256: file.sha256,
        contentType: file.contentType,
        createdAt: file.createdAt.getTime(),
        download: await files.link(file),
      };
    },
  };
  return files;
}
