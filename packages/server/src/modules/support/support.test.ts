import type { AddressInfo } from 'node:net';
import {
  addCertificateCall,
  ErrorCode,
  listCertificatesCall,
  listFaqsCall,
  listFaqTagsCall,
  listResourcesCall,
  listShareLinksCall,
  removeCertificateCall,
  removeFaqCall,
  removeResourceCall,
  removeShareLinkCall,
  type StoredFile,
  saveFaqCall,
  saveResourceCall,
  seeShareFileCall,
  shareFaqCall,
  shareResourceCall,
  UPLOAD_KINDS,
  UPLOAD_MAX_BYTES,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { acceptedBytes } from '../../platform/files/upload.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, postStream } from '../files/file-test-kit.ts';

/**
 * Support content (issue 18): the Super Admin publishes resources, FAQ and certificates; every
 * signed-in user reads them in their language and shares a resource or an FAQ entry by a link that
 * opens signed out for 48 hours (then 14065), unless removed first.
 */

let t: TestApp;
let admin: Owner;
let acme: Owner;
let bravo: Owner;
let uploadUrl: string;
let adminPassword: string;
const HOUR = 3_600_000;
const MB = 1024 * 1024;

/** A self-signed P-256 certificate (CN=Fleetport Support CA, O=Fleetport; valid 2026-2036). */
const CERT_PEM = `-----BEGIN CERTIFICATE-----
MIIBvDCCAWGgAwIBAgIUAJKk5I5+coLneazd3cYVX7nAcTcwCgYIKoZIzj0EAwIw
MzEdMBsGA1UEAwwURmxlZXRwb3J0IFN1cHBvcnQgQ0ExEjAQBgNVBAoMCUZsZWV0
cG9ydDAeFw0yNjExMjkwMzQwNTVaFw0zNjExMjYwMzQwNTVaMDMxHTAbBgNVBAMM
FEZsZWV0cG9ydCBTdXBwb3J0IENBMRIwEAYDVQQKDAlGbGVldHBvcnQwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAASW4S9qnrNH9PFgeY6hpMxiKC+JnQGXeTaEfORr
WUlKxwY9mYoFsph83dG21mh1YMtEh5QGBrzM4CuYlcohyGs8o1MwUTAdBgNVHQ4E
FgQUsR/f+BwlCqOfnCjGtzQn9DeWX0cwHwYDVR0jBBgwFoAUsR/f+BwlCqOfnCjG
tzQn9DeWX0cwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNJADBGAiEAhRs8
mWmbq0JpJG4GI9aVLXfR+TZymBsGWx+hVL4/7PECIQDU12Fo519UrclxozqSiGWA
lYaT3u1FW5yHZDqxtfnFdA==
-----END CERTIFICATE-----
`;

async function uploadRes(who: Owner, kind: string, name: string, bytes: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(
      multipartBody({ kind }, [{ name, contentType: 'application/octet-stream', bytes }]),
    ),
  });
  return res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
}

async function upload(who: Owner, kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const body = await uploadRes(who, kind, name, bytes);
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

async function see(shareId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}${seeShareFileCall.path}`,
    headers: { language: 'en' },
    payload: { shareId },
  });
  return res.json<{ code: number; msg: string; data: Record<string, unknown> | null }>();
}

async function signInAll() {
  admin = asOwner(await signIn(t, admin.account, adminPassword), admin);
  acme = asOwner(await signIn(t, acme.account), acme);
  bravo = asOwner(await signIn(t, bravo.account), bravo);
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  uploadUrl = `http://127.0.0.1:${port}${t.deps.config.apiPrefix}/pl/file/upload`;
  const created = await ensureSuperAdmin(t.deps);
  adminPassword = created!.password;
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme Support', 'owner@acme-support.test');
  bravo = await companyOwner(t, 'Bravo Support', 'owner@bravo-support.test');
}, 120_000);
afterAll(async () => {
  await t.close();
});

const resource = (fileId: number, extra: Record<string, unknown> = {}) => ({
  name: 'R1520 quick start',
  description: 'Wiring and first sign-in.',
  language: 'en' as const,
  fileId,
  ...extra,
});

describe('support resources and FAQ', () => {
  it('are written by the Super Admin and read by every user in their language, searched and paged', async () => {
    const guide = await upload(admin, 'resource', 'r1520-quick-start.pdf', Buffer.from('%PDF quick start'));
    const saved = await admin.run(saveResourceCall, { id: null, resource: resource(guide.fileId) });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ name: 'R1520 quick start', file: { name: 'r1520-quick-start.pdf' } });
    const cnFile = await upload(admin, 'resource', 'r1520-快速入门.pdf', Buffer.from('%PDF cn'));
    await admin.run(saveResourceCall, {
      id: null,
      resource: resource(cnFile.fileId, {
        name: 'R1520快速入门',
        description: '接线与首次登录。',
        language: 'cn',
      }),
    });

    const english = await acme.run(listResourcesCall, { pageNum: 1, pageSize: 10 }, 'en');
    expect(english.data?.list.map((r) => r.name)).toEqual(['R1520 quick start']);
    const chinese = await acme.run(listResourcesCall, { pageNum: 1, pageSize: 10 }, 'cn');
    expect(chinese.data?.list.map((r) => r.name)).toEqual(['R1520快速入门']);
    // The file downloads through its signed link.
    const download = await t.app.inject({ method: 'GET', url: english.data!.list[0]!.file.download.url });
    expect(download.body).toBe('%PDF quick start');
    expect(
      (await acme.run(listResourcesCall, { pageNum: 1, pageSize: 10, search: 'wiring' })).data?.total,
    ).toBe(1);
    expect(
      (await acme.run(listResourcesCall, { pageNum: 1, pageSize: 10, search: 'nothing' })).data?.total,
    ).toBe(0);
    const all = await admin.run(listResourcesCall, { pageNum: 1, pageSize: 1, language: 'all' });
    expect(all.data?.total).toBe(2);
    expect(all.data?.list).toHaveLength(1);

    for (const [question, tag] of [
      ['How do I reset a router?', 'devices'],
      ['How do I add a VPN group?', 'vpn'],
    ] as const) {
      const faq = await admin.run(saveFaqCall, {
        id: null,
        faq: {
          question,
          answer: 'Open the console and follow the steps.',
          tag,
          language: 'en',
          attachmentFileId: null,
        },
      });
      expect(faq.code).toBe(0);
    }
    const faqs = await bravo.run(listFaqsCall, { pageNum: 1, pageSize: 10, tag: 'vpn' });
    expect(faqs.data?.list.map((f) => f.question)).toEqual(['How do I add a VPN group?']);
    expect((await bravo.run(listFaqTagsCall, {})).data).toEqual(['devices', 'vpn']);
    expect((await bravo.run(listFaqsCall, { pageNum: 1, pageSize: 10 }, 'cn')).data?.total).toBe(0);
  });

  it('refuse bad input with code 1 naming the field, saving nothing', async () => {
    const before = (await admin.run(listResourcesCall, { pageNum: 1, pageSize: 10, language: 'all' })).data!
      .total;
    const file = await upload(admin, 'resource', 'x.txt', Buffer.from('x'));
    const empty = await admin.run(saveResourceCall, {
      id: null,
      resource: resource(file.fileId, { name: ' ' }),
    });
    expect(empty.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(empty.msg).toContain('name');
    const badLanguage = await admin.run(saveResourceCall, {
      id: null,
      resource: resource(file.fileId, { language: 'fr' }) as never,
    });
    expect(badLanguage.msg).toContain('language');
    // A company's own upload, or a platform file of another kind, is not a resource file.
    const foreign = await upload(acme, 'resource', 'acme.txt', Buffer.from('acme'));
    const notMine = await admin.run(saveResourceCall, { id: null, resource: resource(foreign.fileId) });
    expect(notMine.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(notMine.msg).toContain('resource.fileId');
    const faq = await admin.run(
      saveFaqCall,
      { id: null, faq: { question: '', answer: 'a', tag: 't', language: 'en', attachmentFileId: null } },
      'cn',
    );
    expect(faq.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(faq.msg).toContain('question');
    expect((await admin.run(removeFaqCall, { id: 999_999 })).msg).toContain('id');
    expect(
      (await admin.run(listResourcesCall, { pageNum: 1, pageSize: 10, language: 'all' })).data!.total,
    ).toBe(before);
  });

  it('keep a file two resources share when one is removed; the last one removes it', async () => {
    const file = await upload(admin, 'resource', 'shared.pdf', Buffer.from('%PDF shared'));
    const first = await admin.run(saveResourceCall, {
      id: null,
      resource: resource(file.fileId, { name: 'One' }),
    });
    const second = await admin.run(saveResourceCall, {
      id: null,
      resource: resource(file.fileId, { name: 'Two' }),
    });
    expect((await admin.run(removeResourceCall, { id: first.data!.id })).code).toBe(0);
    const left = await acme.run(listResourcesCall, { pageNum: 1, pageSize: 10, search: 'Two' });
    expect(left.data?.list.map((r) => r.file.fileId)).toEqual([file.fileId]);
    expect((await t.app.inject({ method: 'GET', url: left.data!.list[0]!.file.download.url })).body).toBe(
      '%PDF shared',
    );
    expect((await admin.run(removeResourceCall, { id: second.data!.id })).code).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: left.data!.list[0]!.file.download.url })).statusCode,
    ).toBe(404);
  });

  it('are the Super Admin’s to write: a company owner is refused (5)', async () => {
    const file = await upload(acme, 'resource', 'acme.txt', Buffer.from('acme'));
    expect((await acme.run(saveResourceCall, { id: null, resource: resource(file.fileId) })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await acme.run(removeResourceCall, { id: 1 })).code).toBe(ErrorCode.NO_PERMISSION);
    expect(
      (
        await acme.run(saveFaqCall, {
          id: null,
          faq: { question: 'q', answer: 'a', tag: 't', language: 'en', attachmentFileId: null },
        })
      ).code,
    ).toBe(ErrorCode.NO_PERMISSION);
    expect((await acme.run(removeFaqCall, { id: 1 })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await acme.run(addCertificateCall, { fileId: file.fileId })).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await acme.run(removeCertificateCall, { id: 1 })).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('refuse a resource file over 500 MB with 14063 by its declared size, before reading it', async () => {
    // The upload kind accepts anything under 500 MB and no more.
    expect(acceptedBytes(UPLOAD_KINDS.resource.rule)).toBe(UPLOAD_MAX_BYTES - 1);
    const res = await postStream(
      uploadUrl,
      admin.headers({ 'content-length': String(600 * MB), language: 'en' }),
      multipartBody({ kind: 'resource' }, [{ name: 'huge.iso', bytes: Buffer.alloc(64 * 1024) }]),
    );
    expect(res.body.code).toBe(ErrorCode.FILE_TOO_LARGE);
    expect(res.body.msg).toBe('The file must not exceed 500 MB');
    expect(res.sentBytes).toBeLessThan(64 * MB);
  });
});

describe('certificates', () => {
  it('publish a CRT read by X509Certificate; users list and download it', async () => {
    const crt = await upload(admin, 'certificate', 'support-ca.crt', Buffer.from(CERT_PEM));
    const added = await admin.run(addCertificateCall, { fileId: crt.fileId });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({
      name: 'support-ca.crt',
      subject: expect.stringContaining('CN=Fleetport Support CA'),
      issuer: expect.stringContaining('O=Fleetport'),
      validFrom: Date.UTC(2026, 10, 29, 3, 40, 55),
      validTo: Date.UTC(2036, 10, 26, 3, 40, 55),
      fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
    });
    const listed = await bravo.run(listCertificatesCall, { pageNum: 1, pageSize: 10, search: 'support ca' });
    expect(listed.data?.list.map((c) => c.id)).toEqual([added.data!.id]);
    const download = await t.app.inject({ method: 'GET', url: listed.data!.list[0]!.file.download.url });
    expect(download.body).toBe(CERT_PEM);

    expect((await admin.run(removeCertificateCall, { id: added.data!.id })).code).toBe(0);
    expect((await bravo.run(listCertificatesCall, { pageNum: 1, pageSize: 10 })).data?.total).toBe(0);
  });

  it('refuse anything but a CRT: another name by the upload (file), other bytes by the parser (fileId)', async () => {
    const pem = await uploadRes(admin, 'certificate', 'support-ca.pem', Buffer.from(CERT_PEM));
    expect(pem.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(pem.msg).toBe('file: Only .crt files are allowed');
    const fake = await upload(admin, 'certificate', 'fake.crt', Buffer.from('not a certificate'));
    const refused = await admin.run(addCertificateCall, { fileId: fake.fileId }, 'cn');
    expect(refused.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(refused.msg).toContain('fileId');
    expect(refused.msg).toContain('X.509');
    const other = await upload(admin, 'resource', 'ca.crt', Buffer.from(CERT_PEM));
    expect((await admin.run(addCertificateCall, { fileId: other.fileId })).msg).toContain('fileId');
    expect((await bravo.run(listCertificatesCall, { pageNum: 1, pageSize: 10 })).data?.total).toBe(0);
  });
});

describe('support share links', () => {
  it('open signed out for 48 hours, then answer 14065; a removed link answers 14065 at once', async () => {
    const file = await upload(admin, 'resource', 'dm-guide.pdf', Buffer.from('%PDF guide'));
    const saved = await admin.run(saveResourceCall, {
      id: null,
      resource: resource(file.fileId, { name: 'Device manager guide' }),
    });
    const faq = await admin.run(saveFaqCall, {
      id: null,
      faq: {
        question: 'Why is my router offline?',
        answer: 'Check its SIM.',
        tag: 'devices',
        language: 'en',
        attachmentFileId: null,
      },
    });

    const link = await acme.run(shareResourceCall, { id: saved.data!.id });
    expect(link.code).toBe(0);
    expect(link.data!.expiresAt).toBe(t.clock.now().getTime() + 48 * HOUR);
    const shared = await see(link.data!.shareId);
    expect(shared.code).toBe(0);
    expect(shared.data).toMatchObject({ title: 'Device manager guide', fileName: 'dm-guide.pdf', size: 10 });
    const bytes = await t.app.inject({ method: 'GET', url: shared.data!.url as string });
    expect(bytes.body).toBe('%PDF guide');

    const faqLink = await bravo.run(shareFaqCall, { id: faq.data!.id });
    expect((await see(faqLink.data!.shareId)).data).toMatchObject({
      title: 'Why is my router offline?',
      text: 'Check its SIM.',
      fileName: null,
      url: null,
    });

    // Removed: 14065 from then on, listed as removed; another company cannot remove a link.
    const second = await acme.run(shareResourceCall, { id: saved.data!.id });
    expect((await bravo.run(removeShareLinkCall, { shareId: second.data!.shareId })).code).toBe(
      ErrorCode.SHARE_LINK_EXPIRED,
    );
    expect((await see(second.data!.shareId)).code).toBe(0);
    expect((await acme.run(removeShareLinkCall, { shareId: second.data!.shareId })).code).toBe(0);
    const removed = await see(second.data!.shareId);
    expect(removed.code).toBe(ErrorCode.SHARE_LINK_EXPIRED);
    expect(removed.msg).toBe('The sharing link has expired');
    const states = await acme.run(listShareLinksCall, { subject: 'resource', id: saved.data!.id });
    expect(states.data?.map((l) => [l.shareId, l.state])).toEqual(
      expect.arrayContaining([
        [link.data!.shareId, 'valid'],
        [second.data!.shareId, 'removed'],
      ]),
    );
    // Bravo has no links of this resource.
    expect((await bravo.run(listShareLinksCall, { subject: 'resource', id: saved.data!.id })).data).toEqual(
      [],
    );

    // Still valid a minute before 48 hours, expired at 48 hours.
    t.clock.advance(48 * HOUR - 60_000);
    expect((await see(link.data!.shareId)).code).toBe(0);
    t.clock.advance(60_000);
    expect((await see(link.data!.shareId)).code).toBe(ErrorCode.SHARE_LINK_EXPIRED);
    expect((await see(faqLink.data!.shareId)).code).toBe(ErrorCode.SHARE_LINK_EXPIRED);

    // Sessions ended meanwhile (4 hours): sign in again.
    await signInAll();
    const after = await acme.run(listShareLinksCall, { subject: 'resource', id: saved.data!.id });
    expect(after.data?.find((l) => l.shareId === link.data!.shareId)?.state).toBe('expired');

    // Removing the FAQ entry removes its links: a fresh one answers 14065 at once.
    const fresh = await bravo.run(shareFaqCall, { id: faq.data!.id });
    expect((await see(fresh.data!.shareId)).code).toBe(0);
    expect((await admin.run(removeFaqCall, { id: faq.data!.id })).code).toBe(0);
    expect((await see(fresh.data!.shareId)).code).toBe(ErrorCode.SHARE_LINK_EXPIRED);
    expect((await bravo.run(listShareLinksCall, { subject: 'faq', id: faq.data!.id })).data?.[0]?.state).toBe(
      'removed',
    );
    // An unknown resource cannot be shared (1 naming id).
    expect((await acme.run(shareResourceCall, { id: 999_999 })).msg).toContain('id');
  });
});
