import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ErrorCode, type Lang, UPLOAD_MAX_BYTES } from '@fleetport/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { HTTP_TEXT } from './http.text.ts';

/** Marks a parsed form body (abuse-limits.ts' parser), so a JSON call can tell it apart and refuse it. */
export const FORM_BODY = Symbol('form body');

/** Room for the multipart boundaries and part headers around the files themselves. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * An error of the multipart parser as the caller should see it: a file past the parser's own bound is
 * 14063, too many parts or a malformed or truncated form code 1. Errors that are already answers pass.
 */
export function multipartError(error: unknown, lang: Lang): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ErrorCode.FILE_TOO_LARGE, null, 413);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badBody(HTTP_TEXT.tooManyParts, lang);
  return badBody(HTTP_TEXT.malformedForm, lang);
}

export function badBody(text: Record<Lang, string>, lang: Lang): AppError {
  return new AppError(ErrorCode.PARAMETER_ERROR, null, 400, text[lang]);
}

/** A JSON call refuses multipart bodies, which would otherwise reach it as an empty input. */
export function refuseMultipart(request: FastifyRequest, lang: Lang): void {
  if (typeof request.isMultipart === 'function' && request.isMultipart())
    throw badBody(HTTP_TEXT.multipartHere, lang);
}

/** The declared body length, when the client sent one. */
export function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isFinite(length) ? length : undefined;
}

/**
 * The fields of an upload call and an iterator over its files. Reads the multipart stream up to the
 * first file only, so the caller validates the fields and refuses before any file byte is read.
 * A body that declares more than any upload may carry is 14063 before a byte is read.
 */
export async function readUploadForm(
  request: FastifyRequest,
  lang: Lang,
): Promise<{ fields: Record<string, string>; files: AsyncIterable<MultipartFile> }> {
  if (!request.isMultipart()) throw badBody(HTTP_TEXT.notMultipart, lang);
  const length = declaredLength(request);
  if (length !== undefined && length > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
    throw new AppError(ErrorCode.FILE_TOO_LARGE, null, 413);
  const iterator = request.parts()[Symbol.asyncIterator]();
  // Whatever the parser throws while reading the form is the client's doing: code 1 or 14063.
  const parts = {
    next: () =>
      iterator.next().catch((error: unknown) => {
        throw multipartError(error, lang);
      }),
  };
  const fields: Record<string, string> = {};
  let first: MultipartFile | undefined;
  for (;;) {
    const next = await parts.next();
    if (next.done) break;
    const part: Multipart = next.value;
    if (part.type === 'file') {
      first = part;
      break;
    }
    fields[part.fieldname] = String(part.value);
  }
  async function* files(): AsyncGenerator<MultipartFile> {
    if (!first) return;
    yield first;
    for (;;) {
      const next = await parts.next();
      if (next.done) return;
      if (next.value.type !== 'file') throw badBody(HTTP_TEXT.fieldAfterFile, lang);
      yield next.value;
    }
  }
  return { fields, files: files() };
}

/** Fields of a form call's multipart body (RFC 8058 allows it); a file part is refused. */
export async function readFormFields(request: FastifyRequest, lang: Lang): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') throw badBody(HTTP_TEXT.malformedForm, lang);
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    throw multipartError(error, lang);
  }
  return fields;
}
