import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  checkFile,
  ErrorCode,
  type FileRule,
  type Lang,
  type RuleFailure,
  ruleText,
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
  type UploadKindName,
} from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { declaredLength, MULTIPART_OVERHEAD_BYTES, multipartError } from '../http/multipart.ts';
import { FileTooLargeError } from './file-store.ts';
import type { Files } from './files.ts';
import { imageSize } from './image-size.ts';
import { ByteMeter } from './metered.ts';
import type { StoredFileRow } from './stored-files.store.ts';

/** The largest size a rule accepts, in bytes, inclusive; never 500 MB or more (14063). */
export function acceptedBytes(rule: FileRule): number {
  const bound = rule.maxBytes ?? UPLOAD_MAX_BYTES;
  const limit = rule.inclusive ? bound : bound - 1;
  return Math.min(limit, UPLOAD_MAX_BYTES - 1);
}

/** A broken file rule as a validation error naming the `file` field (code 1). */
function fileRuleError(failure: RuleFailure, lang: Lang, status = 400): AppError {
  const message = ruleText(failure, lang);
  return new AppError(
    ErrorCode.PARAMETER_ERROR,
    { fields: [{ field: 'file', message }] },
    status,
    `file: ${message}`,
  );
}

/** Too large for the kind: the spec's 14063 at the general 500 MB bound, code 1 naming the smaller limit. */
function tooLargeError(rule: FileRule, lang: Lang): AppError {
  if (acceptedBytes(rule) >= UPLOAD_MAX_BYTES - 1) return new AppError(ErrorCode.FILE_TOO_LARGE, null, 413);
  return fileRuleError(
    checkFile(
      { name: 'x', size: Number.MAX_SAFE_INTEGER },
      { maxBytes: rule.maxBytes, inclusive: rule.inclusive },
    )!,
    lang,
    413,
  );
}

export interface UploadOwner {
  companyId: number;
  userId: number;
}

/**
 * Streams an upload call's file parts into the file store under the kind's rule: the name's type
 * and the count before a byte is read, the size while the bytes stream (refused the moment the limit
 * is passed, with nothing kept), pixel sizes from the image's own header before the image is stored.
 * All or nothing: when one file is refused, the files already stored by this call are removed.
 */
export async function receiveUploads(options: {
  files: Files;
  parts: AsyncIterable<MultipartFile> | undefined;
  kind: UploadKindName;
  owner: UploadOwner;
  lang: Lang;
  request: FastifyRequest;
}): Promise<StoredFileRow[]> {
  const { files, kind, owner, lang } = options;
  const { rule, maxFiles } = UPLOAD_KINDS[kind];
  const maxBytes = acceptedBytes(rule);
  const length = declaredLength(options.request);
  if (length !== undefined && length > maxFiles * (maxBytes + MULTIPART_OVERHEAD_BYTES))
    throw tooLargeError(rule, lang);
  const saved: StoredFileRow[] = [];
  try {
    for await (const part of options.parts ?? []) {
      if (saved.length >= maxFiles)
        throw fileRuleError({ key: 'fileCountMax', params: { num: maxFiles } }, lang);
      const name = part.filename || 'file';
      const typeOnly: FileRule = rule.types ? { types: rule.types } : {};
      const wrongType = checkFile({ name, size: 1 }, typeOnly);
      if (wrongType) throw fileRuleError(wrongType, lang);
      const contentType = part.mimetype || 'application/octet-stream';
      // The parser's own failures (a form cut short) surface through the store: answer them as the
      // client's doing. Wrapping the stream in a generator instead stalled its teardown on refusal.
      let partFailure: unknown;
      part.file.once('error', (error) => {
        partFailure = error;
      });
      const answerOf = (error: unknown) => {
        if (error instanceof FileTooLargeError) return tooLargeError(rule, lang);
        // A body that never completed is the client's: a form cut short. (A store failing mid-upload
        // while the body is still coming reads the same way; the log keeps the cause.)
        if (partFailure !== undefined || !options.request.raw.complete) {
          options.request.log.info({ err: partFailure ?? error }, 'upload stopped');
          return multipartError(partFailure ?? error, lang);
        }
        return error;
      };
      let source: AsyncIterable<Uint8Array> | Readable = part.file;
      if (rule.width !== undefined && rule.height !== undefined) {
        // Images are small (2 MB at most): read whole, check the header, then store.
        const image = await readAll(source, maxBytes).catch((error) => {
          throw answerOf(error);
        });
        const pixels = imageSize(image) ?? { width: 0, height: 0 };
        const failure = checkFile({ name, size: image.length, ...pixels }, rule);
        if (failure) throw fileRuleError(failure, lang);
        source = Readable.from([image]);
      }
      const file = await files
        .save({
          companyId: owner.companyId,
          kind,
          name,
          contentType,
          source,
          maxBytes,
          createdBy: owner.userId,
        })
        .catch((error) => {
          throw answerOf(error);
        });
      saved.push(file);
      if (file.size === 0) throw fileRuleError({ key: 'fileEmpty' }, lang);
    }
    if (saved.length === 0) throw fileRuleError({ key: 'required', params: { name: 'file' } }, lang);
    return saved;
  } catch (error) {
    for (const file of saved) await files.remove(owner.companyId, file.id);
    throw error;
  }
}

async function readAll(stream: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const meter = new ByteMeter(maxBytes);
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) {
    meter.add(chunk);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
