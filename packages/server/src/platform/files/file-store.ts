import type { Readable } from 'node:stream';

/**
 * Where file bytes live: a directory under DATA_DIR by default, any S3-compatible object store when
 * FILE_STORE_URL is set. Keys are opaque paths chosen by the caller (`files/<company>/<uuid>`); the
 * file's name, kind, owner and content type live in the `stored_file` table, not in the store.
 * Every method streams: no file is ever held in memory whole.
 */
export interface FileStore {
  /** `local` or `s3`, for logs and the health of the deployment. */
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into `key`, counting and hashing on the way. Past `maxBytes` it stops reading,
   * throws `FileTooLargeError` and leaves nothing behind under any key. A key that exists is replaced.
   */
  put(key: string, source: Readable | AsyncIterable<Uint8Array>, options?: PutOptions): Promise<StoredObject>;
  /** The bytes of `key`, or of `range` of them (both ends inclusive, as in HTTP). */
  open(key: string, range?: ByteRange): Promise<OpenedObject>;
  /** Size of `key`, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes `key`; removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections; the app calls it on close. */
  close(): Promise<void>;
}

export interface PutOptions {
  /** Stored with the object where the store keeps it (S3); the table is the source of truth. */
  contentType?: string;
  /** Largest size accepted, inclusive. */
  maxBytes?: number;
}

export interface StoredObject {
  key: string;
  size: number;
  /** Lower-case hex SHA-256 of the bytes stored. */
  sha256: string;
}

/** Byte positions, inclusive at both ends (`bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedObject {
  stream: Readable;
  /** Size of the whole object, not of the range. */
  size: number;
  /** The range actually returned, when one was asked for. */
  range?: ByteRange;
}

/** The stream passed `maxBytes`; nothing was stored. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/** `open` of a key the store does not hold. */
export class StoredObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = 'StoredObjectMissingError';
  }
}

/** Keys are relative paths of plain segments, so no key can leave the store's directory or bucket prefix. */
export function checkKey(key: string): string {
  if (!/^[\w-]+(\/[\w.-]+)*$/.test(key) || key.split('/').some((s) => s === '.' || s === '..'))
    throw new Error(`invalid file store key: ${key}`);
  return key;
}
