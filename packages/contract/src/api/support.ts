import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { defineCall } from './define.ts';
import { SHARE_LINK_STATES, ShareIdSchema, ShareLinkSchema } from './exports.ts';
import { StoredFileSchema } from './files.ts';

/**
 * Support content (issue 18; core §2 support resource, FAQ, certificate; features §3 "FAQ: question,
 * answer, tag, attachment, language"): the Super Admin writes resources, FAQ and certificates on the
 * superAdmin pages; every signed-in user reads them under Support in their language and may share a
 * resource or an FAQ by a link valid 48 hours on the public seeShareFile/{id} page (the share links of
 * exports and reports: one mechanism, docs/decisions.md "Support content").
 */

/** The languages a resource or an FAQ is written in; a reader sees those of their own language. */
export const SUPPORT_LANGUAGES = ['en', 'cn'] as const;
export type SupportLanguage = (typeof SUPPORT_LANGUAGES)[number];

const Id = z.number().int().positive();
const Language = z.enum(SUPPORT_LANGUAGES);

/**
 * Paging, a search over the text, and the language: absent is the caller's own (the `language`
 * header); `all` is every language (the Super Admin's pages).
 */
const SupportPageQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  language: z.enum([...SUPPORT_LANGUAGES, 'all']).optional(),
});

// ---- resources -----------------------------------------------------------------------------------

export const ResourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  language: Language,
  /** The file (`kind=resource`, under 500 MB: 14063), with a fresh download link. */
  file: StoredFileSchema,
  /** Unix ms. */
  updatedAt: z.number().int(),
});
export type Resource = z.infer<typeof ResourceSchema>;

export const ResourceInputSchema = z.strictObject({
  /** 1-100 characters. */
  name: z.string().trim().min(1).max(100),
  /** Up to 500 characters. */
  description: z.string().trim().max(500),
  language: Language,
  /** A platform file the Super Admin uploaded with `kind=resource`; anything else is code 1 naming it. */
  fileId: Id,
});

export const listResourcesCall = defineCall({
  id: 'support.resources',
  method: 'POST',
  path: '/pl/support/resource/list',
  input: SupportPageQuerySchema.strict(),
  output: pageSchema(ResourceSchema),
  permission: 'resources.view',
  paged: true,
  summary:
    'Resources in the caller’s language (or `language`), searched by name and description, newest first',
});

export const saveResourceCall = defineCall({
  id: 'support.saveResource',
  method: 'POST',
  path: '/pl/support/resource/save',
  input: z.strictObject({ id: Id.nullable(), resource: ResourceInputSchema }),
  output: ResourceSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: 'Create (id null) or change a resource; its file must be a `resource` upload (over 500 MB: 14063)',
});

export const removeResourceCall = defineCall({
  id: 'support.removeResource',
  method: 'POST',
  path: '/pl/support/resource/remove',
  input: z.strictObject({ id: Id }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Remove a resource and its file; its share links read `removed` (14065)',
});

// ---- FAQ -------------------------------------------------------------------------------------------

export const FaqSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  tag: z.string(),
  language: Language,
  /** An optional file (`kind=general`, under 500 MB), with a fresh download link. */
  attachment: StoredFileSchema.nullable(),
  updatedAt: z.number().int(),
});
export type Faq = z.infer<typeof FaqSchema>;

export const FaqInputSchema = z.strictObject({
  /** 1-200 characters. */
  question: z.string().trim().min(1).max(200),
  /** 1-4,000 characters, plain text (line breaks kept). */
  answer: z.string().trim().min(1).max(4000),
  /** 1-30 characters: readers filter by it. */
  tag: z.string().trim().min(1).max(30),
  language: Language,
  /** A platform file the Super Admin uploaded (`kind=resource`); null: none. */
  attachmentFileId: Id.nullable(),
});

export const listFaqsCall = defineCall({
  id: 'support.faqs',
  method: 'POST',
  path: '/pl/support/faq/list',
  input: SupportPageQuerySchema.extend({ tag: z.string().trim().max(30).optional() }).strict(),
  output: pageSchema(FaqSchema),
  permission: 'faq.view',
  paged: true,
  summary: 'FAQ in the caller’s language (or `language`), searched by question, answer and tag, newest first',
});

export const listFaqTagsCall = defineCall({
  id: 'support.faqTags',
  method: 'POST',
  path: '/pl/support/faq/tags',
  input: z.strictObject({ language: z.enum([...SUPPORT_LANGUAGES, 'all']).optional() }),
  output: z.array(z.string()),
  permission: 'faq.view',
  summary: 'The tags of the FAQ in the caller’s language (or `language`), alphabetical',
});

export const saveFaqCall = defineCall({
  id: 'support.saveFaq',
  method: 'POST',
  path: '/pl/support/faq/save',
  input: z.strictObject({ id: Id.nullable(), faq: FaqInputSchema }),
  output: FaqSchema,
  permission: 'superAdmin',
  mutates: true,
  summary: 'Create (id null) or change an FAQ entry',
});

export const removeFaqCall = defineCall({
  id: 'support.removeFaq',
  method: 'POST',
  path: '/pl/support/faq/remove',
  input: z.strictObject({ id: Id }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Remove an FAQ entry; its share links read `removed` (14065)',
});

// ---- sharing ---------------------------------------------------------------------------------------

/** What a support share link points at. */
export const SHARE_SUBJECTS = ['resource', 'faq'] as const;
export type ShareSubject = (typeof SHARE_SUBJECTS)[number];

/** One of the caller's share links of a resource or an FAQ entry. */
export const SupportShareLinkSchema = ShareLinkSchema.extend({
  /** Unix ms. */
  createdAt: z.number().int(),
  /** valid until `expiresAt`; removed by its maker (or with its resource); expired afterwards. */
  state: z.enum(SHARE_LINK_STATES),
});
export type SupportShareLink = z.infer<typeof SupportShareLinkSchema>;

export const shareResourceCall = defineCall({
  id: 'support.shareResource',
  method: 'POST',
  path: '/pl/support/resource/share',
  input: z.strictObject({ id: Id }),
  output: ShareLinkSchema,
  permission: 'resources.view',
  mutates: true,
  summary: 'A share link of a resource (public seeShareFile/{id} page), valid 48 hours',
});

export const shareFaqCall = defineCall({
  id: 'support.shareFaq',
  method: 'POST',
  path: '/pl/support/faq/share',
  input: z.strictObject({ id: Id }),
  output: ShareLinkSchema,
  permission: 'faq.view',
  mutates: true,
  summary: 'A share link of an FAQ entry (public seeShareFile/{id} page), valid 48 hours',
});

export const listShareLinksCall = defineCall({
  id: 'support.shareLinks',
  method: 'POST',
  path: '/pl/support/share/list',
  input: z.strictObject({ subject: z.enum(SHARE_SUBJECTS), id: Id }),
  output: z.array(SupportShareLinkSchema),
  permission: 'session',
  summary: "The caller's share links of one resource or FAQ entry with their states, newest first",
});

export const removeShareLinkCall = defineCall({
  id: 'support.removeShare',
  method: 'POST',
  path: '/pl/support/share/remove',
  input: z.strictObject({ shareId: ShareIdSchema }),
  output: z.null(),
  permission: 'session',
  mutates: true,
  summary: 'Remove one of the caller’s support share links: the seeShareFile page answers 14065 from then on',
});

// ---- certificates ----------------------------------------------------------------------------------

export const CertificateSchema = z.object({
  id: z.number().int(),
  /** The uploaded file's name. */
  name: z.string(),
  /** Distinguished names as X509Certificate gives them (`CN=…`, one attribute a line). */
  subject: z.string(),
  issuer: z.string(),
  /** Unix ms. */
  validFrom: z.number().int(),
  validTo: z.number().int(),
  /** SHA-256 fingerprint, colon-separated upper-case hex. */
  fingerprint: z.string(),
  serialNumber: z.string(),
  /** The .crt file (`kind=certificate`), with a fresh download link. */
  file: StoredFileSchema,
  createdAt: z.number().int(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const listCertificatesCall = defineCall({
  id: 'support.certificates',
  method: 'POST',
  path: '/pl/support/certificate/list',
  input: PageQuerySchema.extend({ search: z.string().trim().max(100).optional() }).strict(),
  output: pageSchema(CertificateSchema),
  permission: 'certificates.view',
  paged: true,
  summary: 'The platform’s certificates, searched by name, subject and issuer, newest first',
});

export const addCertificateCall = defineCall({
  id: 'support.addCertificate',
  method: 'POST',
  path: '/pl/support/certificate/add',
  input: z.strictObject({ fileId: Id }),
  output: CertificateSchema,
  permission: 'superAdmin',
  mutates: true,
  summary:
    'Publish an uploaded .crt (`kind=certificate`): read with X509Certificate; a file that is not a ' +
    'PEM or DER certificate is code 1 naming `fileId`',
});

export const removeCertificateCall = defineCall({
  id: 'support.removeCertificate',
  method: 'POST',
  path: '/pl/support/certificate/remove',
  input: z.strictObject({ id: Id }),
  output: z.null(),
  permission: 'superAdmin',
  mutates: true,
  summary: 'Remove a certificate and its file',
});

export const SUPPORT_CALLS = [
  listResourcesCall,
  saveResourceCall,
  removeResourceCall,
  listFaqsCall,
  listFaqTagsCall,
  saveFaqCall,
  removeFaqCall,
  shareResourceCall,
  shareFaqCall,
  listShareLinksCall,
  removeShareLinkCall,
  listCertificatesCall,
  addCertificateCall,
  removeCertificateCall,
] as const;
