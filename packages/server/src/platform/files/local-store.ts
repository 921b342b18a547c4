import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  checkKey,
  type FileStore,
  type OpenedObject,
  type PutOptions,
  type StoredObject,
  StoredObjectMissingError,
} from './file-store.ts';
import { MeteredStream } from './metered.ts';

/** Half-written files wait here and are renamed into place only once complete. */
const INCOMING = '.incoming';

/**
 * Files in a directory (DATA_DIR/files). A file is written under `.incoming` and renamed to its key
 * when the last byte is in, so a reader never sees half a file and a refused upload leaves nothing.
 */
export function localFileStore(root: string): FileStore {
  const incoming = path.join(root, INCOMING);
  fs.mkdirSync(incoming, { recursive: true });
  const pathOf = (key: string) => path.join(root, checkKey(key));

  return {
    kind: 'local',
    async put(key, source, options: PutOptions = {}): Promise<StoredObject> {
      const target = pathOf(key);
      const partial = path.join(incoming, `${randomUUID()}.part`);
      const meter = new MeteredStream(options.maxBytes);
      const out = fs.createWriteStream(partial, { flags: 'wx' });
      try {
        await pipeline(Readable.from(source), meter, out);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(partial, target);
      } catch (error) {
        // A source that fails at once fails the pipeline before the file is even opened: wait for the
        // stream to close, or the file would be created after it was removed and stay behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return { key, size: meter.meter.size, sha256: meter.meter.sha256() };
    },
    async open(key, range?: ByteRange): Promise<OpenedObject> {
      const file = pathOf(key);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissingError(key);
        throw error;
      }
      const { size } = await handle.stat();
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, size, ...(range ? { range } : {}) };
    },
    async stat(key) {
      try {
        const { size } = await fs.promises.stat(pathOf(key));
        return { size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
    async close() {},
  };
}
