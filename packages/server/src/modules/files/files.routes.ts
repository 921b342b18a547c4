import { Readable } from 'node:stream';
import { downloadFileCall, ErrorCode, getFileLinkCall, uploadFilesCall } from '@fleetport/contract';
import type { AppDeps } from '../../platform/app-deps.ts';
import { type CompanyScope, companyActor, companyScope, owningCompany } from '../../platform/auth/actor.ts';
import type { Session } from '../../platform/auth/session.ts';
import { AppError } from '../../platform/errors.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import { findFileOfSignedLink } from '../../platform/files/stored-files.store.ts';
import { receiveUploads } from '../../platform/files/upload.ts';
import { bind } from '../../platform/http/calls.ts';
import { contentDisposition, requestedRange } from './download.ts';
import { FILES_TEXT } from './files.text.ts';

/**
 * Whose files a caller uploads and links: the scope of its company, or for the Super Admin (no company)
 * the platform's own files (the app centre's platform packages, docs/decisions.md "App centre").
 */
function fileScope(ctx: { session: Session | null }): { scope: CompanyScope; userId: number } {
  if (ctx.session?.superAdmin)
    return { scope: companyScope(PLATFORM_FILE_OWNER), userId: ctx.session.userId };
  const { scope, userId } = companyActor(ctx);
  return { scope, userId };
}

/** Uploads, links and downloads of stored files (docs/api.md "Files"). */
export function fileRoutes(deps: Pick<AppDeps, 'db' | 'files'>) {
  const { db, files } = deps;
  return [
    bind(uploadFilesCall, async (ctx) => {
      const { scope, userId } = fileScope(ctx);
      const stored = await receiveUploads({
        files,
        parts: ctx.files,
        kind: ctx.input.kind,
        // A stored file belongs to one company: the scope's owning one (a set of companies is refused, 5).
        owner: { companyId: owningCompany(scope), userId },
        lang: ctx.lang,
        request: ctx.request,
      });
      return { files: await Promise.all(stored.map((file) => files.describe(file))) };
    }),
    bind(getFileLinkCall, async (ctx) => {
      const file = await files.find(fileScope(ctx).scope, ctx.input.fileId);
      if (!file) throw new AppError(ErrorCode.FILE_NOT_FOUND);
      return files.link(file, ctx.input.ttlSeconds);
    }),
    bind(downloadFileCall, async (ctx) => {
      await files.links.verify(ctx.input);
      const file = await findFileOfSignedLink(db, ctx.input.fileId);
      if (!file) throw new AppError(ErrorCode.FILE_NOT_FOUND, null, 404);
      const { reply, request } = ctx;
      const etag = `"${file.sha256}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, max-age=0');
      const range = requestedRange(request.headers, file.size, etag);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError(ErrorCode.PARAMETER_ERROR, null, 416, FILES_TEXT.rangeOutside[ctx.lang]);
      }
      // HEAD tells a device the size (and ETag) before it downloads; nothing is read from the store.
      const opened =
        request.method === 'HEAD'
          ? { stream: Readable.from([]) }
          : await files.store.open(file.storeKey, range ?? undefined);
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(opened.stream);
    }),
  ];
}
