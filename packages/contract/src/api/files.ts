import { z } from 'zod';
import { FILE_URL_MAX_TTL_SECONDS } from '../limits.ts';
import {
  CERTIFICATE_FILE,
  CONFIG_XML_FILE,
  DOC_FILE,
  DOC_FILES_MAX,
  EMAIL_BANNER_FILE,
  FIRMWARE_FILE,
  type FileRule,
  OEM_LOGO_FILE,
  PACKAGE_LOGO_FILE,
  PORTAL_BACKGROUND_FILE,
  PORTAL_IMAGE_FILE,
  PORTAL_TERMS_FILE,
  PRODUCT_LOGO_FILE,
  RELEASE_ATTACHMENT_FILE,
  TEMPLATE_LOGO_FILE,
  UPLOAD_FILE,
} from '../rules/files.ts';
import { defineCall } from './define.ts';

/**
 * Files: streamed multipart uploads checked per kind, and signed, expiring download links that
 * answer HTTP Range requests (docs/api.md "Files"). Areas keep the returned `fileId` on their own
 * rows (a firmware version, a release note, a portal template ...).
 */

export interface UploadKind {
  rule: FileRule;
  /** Files one upload call may carry. */
  maxFiles: number;
}

/** What can be uploaded, each with the spec's rule (core §5, §9; features §5, §9). */
export const UPLOAD_KINDS = {
  /** Any other file: under 500 MB. */
  general: { rule: UPLOAD_FILE, maxFiles: 1 },
  firmware: { rule: FIRMWARE_FILE, maxFiles: 1 },
  configXml: { rule: CONFIG_XML_FILE, maxFiles: 1 },
  documentation: { rule: DOC_FILE, maxFiles: DOC_FILES_MAX },
  releaseAttachment: { rule: RELEASE_ATTACHMENT_FILE, maxFiles: 1 },
  templateLogo: { rule: TEMPLATE_LOGO_FILE, maxFiles: 1 },
  packageLogo: { rule: PACKAGE_LOGO_FILE, maxFiles: 1 },
  oemLogo: { rule: OEM_LOGO_FILE, maxFiles: 1 },
  productLogo: { rule: PRODUCT_LOGO_FILE, maxFiles: 1 },
  emailBanner: { rule: EMAIL_BANNER_FILE, maxFiles: 1 },
  portalTerms: { rule: PORTAL_TERMS_FILE, maxFiles: 1 },
  portalImage: { rule: PORTAL_IMAGE_FILE, maxFiles: 1 },
  portalBackground: { rule: PORTAL_BACKGROUND_FILE, maxFiles: 1 },
  certificate: { rule: CERTIFICATE_FILE, maxFiles: 1 },
  /** The Super Admin's support resources and FAQ attachments: any file under 500 MB (14063). */
  resource: { rule: UPLOAD_FILE, maxFiles: 1 },
} as const satisfies Record<string, UploadKind>;
export type UploadKindName = keyof typeof UPLOAD_KINDS;
export const UPLOAD_KIND_NAMES = Object.keys(UPLOAD_KINDS) as [UploadKindName, ...UploadKindName[]];

/** A signed download link: relative to the server, valid until `expiresAt` (ms since the epoch). */
export const FileLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.number().int(),
});
export type FileLink = z.infer<typeof FileLinkSchema>;

export const StoredFileSchema = z.object({
  fileId: z.number().int(),
  kind: z.string(),
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Lower-case hex SHA-256 of the stored bytes, computed while they streamed in. */
  sha256: z.string(),
  contentType: z.string(),
  createdAt: z.number().int(),
  download: FileLinkSchema,
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

export const uploadFilesCall = defineCall({
  id: 'files.upload',
  method: 'POST',
  path: '/pl/file/upload',
  // The multipart form's fields, which must come before its file parts (the server streams the
  // files into the store as they arrive, so it has to know their kind first).
  input: z.strictObject({ kind: z.enum(UPLOAD_KIND_NAMES) }),
  output: z.object({ files: z.array(StoredFileSchema) }),
  permission: 'session',
  mutates: true,
  upload: true,
  summary:
    'Upload files (multipart/form-data: the `kind` field, then the file parts); over 500 MB is 14063, ' +
    'other limits of the kind are 1 naming the limit',
});

export const getFileLinkCall = defineCall({
  id: 'files.link',
  method: 'POST',
  path: '/pl/file/getDownloadUrl',
  input: z.strictObject({
    fileId: z.number().int().positive(),
    /** Lifetime of the link; the server's default (FILE_URL_TTL_SECONDS) when absent. */
    ttlSeconds: z.number().int().min(1).max(FILE_URL_MAX_TTL_SECONDS).optional(),
  }),
  output: FileLinkSchema,
  permission: 'session',
  summary: "A fresh signed download link for one of the company's files",
});

export const downloadFileCall = defineCall({
  id: 'files.download',
  method: 'GET',
  path: '/pl/file/download',
  input: z.strictObject({
    fileId: z.coerce.number().int().positive(),
    /** Expiry of the link, ms since the epoch. */
    expires: z.coerce.number().int().positive(),
    sig: z.string().max(128),
  }),
  output: z.unknown(),
  // The signature is the credential: browsers and devices follow the link without a ticket.
  permission: 'public',
  download: true,
  summary:
    'The bytes of a file by its signed link; honours Range (206). An expired link is 14065, a ' +
    'tampered one 5',
});

export const FILE_CALLS = [uploadFilesCall, getFileLinkCall, downloadFileCall] as const;
