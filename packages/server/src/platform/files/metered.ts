import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './file-store.ts';

/** Counts and hashes bytes on their way into a store; throws once more than `maxBytes` have come. */
export class ByteMeter {
  size = 0;
  readonly #hash = createHash('sha256');
  readonly #maxBytes: number;

  constructor(maxBytes = Number.POSITIVE_INFINITY) {
    this.#maxBytes = maxBytes;
  }

  /** Counts `chunk`; throws `FileTooLargeError` before it is hashed or passed on when it is one too many. */
  add(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.size > this.#maxBytes) throw new FileTooLargeError(this.#maxBytes);
    this.#hash.update(chunk);
  }

  /** Hex SHA-256 of everything counted; call once, at the end. */
  sha256(): string {
    return this.#hash.digest('hex');
  }
}

/** A pass-through over a `ByteMeter`, failing the pipeline before the byte past the limit is written. */
export class MeteredStream extends Transform {
  readonly meter: ByteMeter;

  constructor(maxBytes?: number) {
    super();
    this.meter = new ByteMeter(maxBytes);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.meter.add(chunk);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, chunk);
  }
}
