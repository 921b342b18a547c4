import { z } from 'zod';
import { PORTAL_IMAGE_MAX_BYTES, PORTAL_TERMS_MAX_BYTES, RELEASE_ATTACHMENT_MAX_BYTES } from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { type RuleFailure, refineWith } from './rule.ts';

/**
 * Upload rules (core and features §5). A rule reads only what both sides know about a file — its name,
 * its size and, for images, its pixel size — so the console refuses a file before sending it and the server
 * refuses the same file with the same sentence.
 */
registerRuleMessages({
  fileType: { en: 'Only {types} files are allowed', cn: '仅支持{types}格式的文件' },
  fileTooLarge: { en: 'The file must be smaller than {size}', cn: '文件大小须小于{size}' },
  fileTooLargeAtMost: { en: 'The file can not exceed {size}', cn: '文件大小不能超过{size}' },
  fileEmpty: { en: 'The file is empty', cn: '文件内容为空' },
  imageDimensions: {
    en: 'The image must be {width}x{height} pixels',
    cn: '图片尺寸须为{width}x{height}像素',
  },
  fileCountMax: { en: 'At most {num} files', cn: '最多上传{num}个文件' },
});

/** A file as both the browser (`File`) and the server (multipart part) describe it. */
export interface FileFacts {
  name: string;
  /** Bytes. */
  size: number;
  /** Pixels, for images. */
  width?: number;
  height?: number;
}

export const KB = 1024;
export const MB = 1024 * KB;

export interface FileRule {
  /** Allowed extensions, lower-case with the dot. */
  types?: readonly string[];
  maxBytes?: number;
  /** "under 20 MB" is strictly below; "at most 1024 KB" includes the bound. */
  inclusive?: boolean;
  /** Exact pixel size an image must have. */
  width?: number;
  height?: number;
}

/** Lower-cased extension with its dot (`.bin`), or '' when the name has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot).toLowerCase();
}

/** "1024 KB", "2 MB", "500 MB": as the spec states each limit. */
export function sizeLabel(bytes: number): string {
  return bytes >= 2 * MB && bytes % MB === 0 ? `${bytes / MB} MB` : `${Math.round(bytes / KB)} KB`;
}

/** The first rule the file breaks (type, then emptiness and size, then pixel size), or null. */
export function checkFile(file: FileFacts, rule: FileRule): RuleFailure | null {
  if (rule.types && !rule.types.includes(fileExtension(file.name))) {
    return { key: 'fileType', params: { types: rule.types.join(' ') } };
  }
  if (file.size <= 0) return { key: 'fileEmpty' };
  if (rule.maxBytes !== undefined) {
    const tooLarge = rule.inclusive ? file.size > rule.maxBytes : file.size >= rule.maxBytes;
    if (tooLarge) {
      return {
        key: rule.inclusive ? 'fileTooLargeAtMost' : 'fileTooLarge',
        params: { size: sizeLabel(rule.maxBytes) },
      };
    }
  }
  if (rule.width !== undefined && rule.height !== undefined) {
    if (file.width !== rule.width || file.height !== rule.height) {
      return { key: 'imageDimensions', params: { width: rule.width, height: rule.height } };
    }
  }
  return null;
}

/** The first rule broken by a set of files: too many of them, or one file's own rule. */
export function checkFiles(
  files: readonly FileFacts[],
  rule: FileRule,
  maxCount: number,
): RuleFailure | null {
  if (files.length > maxCount) return { key: 'fileCountMax', params: { num: maxCount } };
  for (const file of files) {
    const failure = checkFile(file, rule);
    if (failure) return failure;
  }
  return null;
}

const FileFactsSchema = z.strictObject({
  name: z.string().min(1),
  size: z.number().int().min(0),
  width: z.number().int().min(0).optional(),
  height: z.number().int().min(0).optional(),
});

/** `{name, size[, width, height]}` checked against a rule, for JSON bodies and form state. */
export function fileSchema(rule: FileRule) {
  return FileFactsSchema.superRefine(refineWith((file: FileFacts) => checkFile(file, rule)));
}

export function filesSchema(rule: FileRule, maxCount: number) {
  return z
    .array(FileFactsSchema)
    .superRefine(refineWith((files: FileFacts[]) => checkFiles(files, rule, maxCount)));
}

// ---- the product's uploads ---------------------------------------------------------------------------

const IMAGE_TYPES = ['.jpg', '.jpeg', '.png'] as const;

/** Uploaded template configuration: XML, at most 1024 KB. */
export const CONFIG_XML_FILE: FileRule = { types: ['.xml'], maxBytes: 1024 * KB, inclusive: true };
/** Any general upload is under 500 MB (the server's 14063). */
export const UPLOAD_FILE: FileRule = { maxBytes: 500 * MB };
export const FIRMWARE_FILE: FileRule = { types: ['.ruf', '.bin', '.deb'], maxBytes: 500 * MB };
/** Template logo, 260x105, under 1024 KB; the spec names no format, so the usual web images. */
export const TEMPLATE_LOGO_FILE: FileRule = {
  types: IMAGE_TYPES,
  maxBytes: 1024 * KB,
  width: 260,
  height: 105,
};
/** A firmware's or app's logo in the app centre: the same 260x105, under 1024 KB (core §5). */
export const PACKAGE_LOGO_FILE: FileRule = TEMPLATE_LOGO_FILE;
/** Documentation: under 20 MB each, at most `DOC_FILES_MAX` files. */
export const DOC_FILE: FileRule = { maxBytes: 20 * MB };
export const DOC_FILES_MAX = 2;
export const RELEASE_ATTACHMENT_FILE: FileRule = { maxBytes: RELEASE_ATTACHMENT_MAX_BYTES };
/** OEM logo: jpg or png (jpeg per features §5), under 1024 KB, 135x35. */
export const OEM_LOGO_FILE: FileRule = { types: IMAGE_TYPES, maxBytes: 1024 * KB, width: 135, height: 35 };
export const EMAIL_BANNER_FILE: FileRule = { types: IMAGE_TYPES, maxBytes: 2 * MB, width: 600, height: 235 };
/** OEM product logo, 320x150; the spec gives no size limit, so the OEM logo's. */
export const PRODUCT_LOGO_FILE: FileRule = {
  types: IMAGE_TYPES,
  maxBytes: 1024 * KB,
  width: 320,
  height: 150,
};
/** Device certificate for device users (features §5): CRT only. */
export const CERTIFICATE_FILE: FileRule = { types: ['.crt'], maxBytes: 500 * MB };
/** Portal terms of use: docx under 2 MB. */
export const PORTAL_TERMS_FILE: FileRule = { types: ['.docx'], maxBytes: PORTAL_TERMS_MAX_BYTES };
/** Portal images: jpg or png under 1024 KB; backgrounds also take jpeg (1920x1080 / 750x1334 recommended). */
export const PORTAL_IMAGE_FILE: FileRule = { types: ['.jpg', '.png'], maxBytes: PORTAL_IMAGE_MAX_BYTES };
export const PORTAL_BACKGROUND_FILE: FileRule = { types: IMAGE_TYPES, maxBytes: PORTAL_IMAGE_MAX_BYTES };
