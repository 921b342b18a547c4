import { X509Certificate } from 'node:crypto';
import type { Certificate, Lang } from '@fleetport/contract';
import { companyScope } from '../../platform/auth/actor.ts';
import { fieldError } from '../../platform/errors.ts';
import { PLATFORM_FILE_OWNER } from '../../platform/files/files.ts';
import { dropFile, type SupportDeps } from './support.service.ts';
import * as store from './support.store.ts';
import { SUPPORT_TEXT } from './support.text.ts';

/**
 * Certificates under Support (core §2 support/certificate; features §5 "Certificate must be CRT"): the
 * Super Admin uploads a .crt (the upload kind `certificate` refuses any other name, code 1 naming
 * `file`), then publishes it; what users see is read from the bytes by node:crypto's X509Certificate.
 */

const PLATFORM = companyScope(PLATFORM_FILE_OWNER);
/** A certificate (even a long chain's first) is a few KB: anything past this is not one. */
const MAX_CERTIFICATE_BYTES = 1024 * 1024;

async function readUpTo(stream: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** The certificate in PEM or DER bytes, or null when they are not one. */
export function parseCertificate(bytes: Buffer): X509Certificate | null {
  try {
    return new X509Certificate(bytes);
  } catch {
    return null;
  }
}

async function toCertificate(deps: SupportDeps, row: store.CertificateRow): Promise<Certificate | null> {
  const file = await deps.files.find(PLATFORM, row.file_id);
  if (!file) return null;
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    issuer: row.issuer,
    validFrom: row.valid_from.getTime(),
    validTo: row.valid_to.getTime(),
    fingerprint: row.fingerprint,
    serialNumber: row.serial_number,
    file: await deps.files.describe(file),
    createdAt: row.created_at.getTime(),
  };
}

export async function listCertificates(
  deps: SupportDeps,
  input: { pageNum: number; pageSize: number; search?: string | undefined },
) {
  const page = await store.pageCertificates(deps.db, input.search, input);
  const list = await Promise.all(page.list.map((row) => toCertificate(deps, row)));
  return { list: list.filter((c): c is Certificate => c !== null), total: page.total };
}

/** Publishes an uploaded .crt; bytes that are not a certificate are code 1 naming `fileId`. */
export async function addCertificate(deps: SupportDeps, fileId: number, lang: Lang): Promise<Certificate> {
  const file = await deps.files.find(PLATFORM, fileId);
  if (file?.kind !== 'certificate') throw fieldError('fileId', SUPPORT_TEXT.notACertificateFile[lang]);
  const opened = await deps.files.store.open(file.storeKey);
  const bytes = await readUpTo(opened.stream, MAX_CERTIFICATE_BYTES);
  const certificate = bytes && parseCertificate(bytes);
  if (!certificate) throw fieldError('fileId', SUPPORT_TEXT.notACertificate[lang]);
  const row = await store.insertCertificate(deps.db, {
    name: file.name,
    subject: certificate.subject,
    issuer: certificate.issuer,
    valid_from: new Date(certificate.validFrom),
    valid_to: new Date(certificate.validTo),
    fingerprint: certificate.fingerprint256,
    serial_number: certificate.serialNumber,
    file_id: file.id,
    created_at: deps.clock.now(),
  });
  return (await toCertificate(deps, row))!;
}

export async function removeCertificate(deps: SupportDeps, id: number, lang: Lang): Promise<null> {
  const removed = await store.deleteCertificate(deps.db, id);
  if (!removed) throw fieldError('id', SUPPORT_TEXT.noSuchCertificate[lang]);
  await dropFile(deps, removed.file_id, null);
  return null;
}
