import {
  ErrorCode,
  listReleaseNotesCall,
  manageReleaseNotesCall,
  markReleaseNoteSeenCall,
  pendingReleaseNoteCall,
  removeReleaseNoteCall,
  type StoredFile,
  saveReleaseNoteCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';

/**
 * Release notes (issue 18): the Super Admin writes them with a window and an attachment; every
 * signed-in user reads those whose window started, and is shown each one once while it is open.
 */

let t: TestApp;
let admin: Owner;
let acme: Owner;
let bravo: Owner;
const HOUR = 3_600_000;

async function upload(who: Owner, kind: string, name: string, bytes: Buffer, contentType: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, contentType, bytes }])),
  });
  const body = res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

const note = (extra: Record<string, unknown> = {}) => ({
  version: '2.4.0',
  contentEn: 'Remote configuration by group profiles.',
  contentCn: '按分组配置模板远程配置。',
  startTime: t.clock.now().getTime() - HOUR,
  endTime: t.clock.now().getTime() + 24 * HOUR,
  attachmentFileId: null,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  const created = await ensureSuperAdmin(t.deps);
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme Notes', 'owner@acme-notes.test');
  bravo = await companyOwner(t, 'Bravo Notes', 'owner@bravo-notes.test');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('release notes', () => {
  it('are written by the Super Admin with an attachment, read by everyone, and shown to each user once', async () => {
    const pdf = await upload(
      admin,
      'releaseAttachment',
      'notes-2.4.pdf',
      Buffer.from('%PDF-1.7 notes'),
      'application/pdf',
    );
    const saved = await admin.run(saveReleaseNoteCall, {
      id: null,
      note: note({ attachmentFileId: pdf.fileId, endTime: t.clock.now().getTime() + HOUR }),
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      version: '2.4.0',
      contentCn: '按分组配置模板远程配置。',
      attachment: { fileId: pdf.fileId, kind: 'releaseAttachment', name: 'notes-2.4.pdf' },
    });

    const listed = await acme.run(listReleaseNotesCall, { pageNum: 1, pageSize: 10 });
    expect(listed.data?.total).toBe(1);
    const attachment = listed.data!.list[0]!.attachment!;
    // A customer downloads the platform's attachment through its signed link.
    const download = await t.app.inject({ method: 'GET', url: attachment.download.url });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('%PDF-1.7 notes');

    const pending = await acme.run(pendingReleaseNoteCall, {});
    expect(pending.data).toMatchObject({ id: saved.data!.id, version: '2.4.0' });
    expect((await acme.run(markReleaseNoteSeenCall, { id: saved.data!.id })).code).toBe(0);
    expect((await acme.run(pendingReleaseNoteCall, {})).data).toBeNull();
    // Another user has not been shown it yet.
    expect((await bravo.run(pendingReleaseNoteCall, {})).data?.id).toBe(saved.data!.id);
    // Once the window closes nobody is shown it, but it stays readable.
    t.clock.advance(2 * HOUR);
    expect((await bravo.run(pendingReleaseNoteCall, {})).data).toBeNull();
    expect(
      (await bravo.run(listReleaseNotesCall, { pageNum: 1, pageSize: 10, version: '2.4' })).data?.total,
    ).toBe(1);
  });

  it('keep a scheduled note from users until its window opens; the Super Admin sees it at once', async () => {
    const now = t.clock.now().getTime();
    const later = await admin.run(saveReleaseNoteCall, {
      id: null,
      note: note({ version: '2.5', startTime: now + HOUR / 2, endTime: now + 48 * HOUR }),
    });
    expect(later.code).toBe(0);
    expect(
      (await acme.run(listReleaseNotesCall, { pageNum: 1, pageSize: 10, version: '2.5' })).data?.total,
    ).toBe(0);
    expect((await acme.run(pendingReleaseNoteCall, {})).data).toBeNull();
    const managed = await admin.run(manageReleaseNotesCall, { pageNum: 1, pageSize: 10 });
    expect(managed.data?.list.map((n) => n.version)).toEqual(['2.5', '2.4.0']);
    // Sessions last 4 hours: the test's clock moves on less than that in all.
    t.clock.advance(HOUR);
    expect((await acme.run(pendingReleaseNoteCall, {})).data?.version).toBe('2.5');

    // Changed, then removed: gone for everyone, with who was shown it.
    const changed = await admin.run(saveReleaseNoteCall, {
      id: later.data!.id,
      note: note({ version: '2.5.1', startTime: now, endTime: now + 48 * HOUR }),
    });
    expect(changed.data?.version).toBe('2.5.1');
    await acme.run(markReleaseNoteSeenCall, { id: later.data!.id });
    expect((await admin.run(removeReleaseNoteCall, { id: later.data!.id })).code).toBe(0);
    expect((await bravo.run(pendingReleaseNoteCall, {})).data).toBeNull();
    expect((await admin.run(removeReleaseNoteCall, { id: later.data!.id })).msg).toContain('id');
    expect((await acme.run(markReleaseNoteSeenCall, { id: later.data!.id })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
  });

  it('refuse a bad version, a window that ends before it starts, an empty note and a foreign attachment, saving nothing', async () => {
    const before = (await admin.run(manageReleaseNotesCall, { pageNum: 1, pageSize: 10 })).data!.total;
    const refused = async (input: Record<string, unknown>, field: string, lang: 'en' | 'cn' = 'en') => {
      const res = await admin.run(saveReleaseNoteCall, { id: null, note: note(input) } as never, lang);
      expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg).toContain(field);
      return res.msg;
    };
    expect(await refused({ version: 'v2.4' }, 'version')).toContain('digits separated by dots');
    const now = t.clock.now().getTime();
    await refused({ startTime: now, endTime: now }, 'endTime');
    await refused({ contentEn: '', contentCn: '' }, 'contentEn');
    expect(await refused({ version: '2..4' }, 'version', 'cn')).toContain('以点分隔');
    const logo = await upload(acme, 'oemLogo', 'logo.png', pngHeader(135, 35), 'image/png');
    await refused({ attachmentFileId: logo.fileId }, 'note.attachmentFileId');
    const ownLogo = await upload(admin, 'oemLogo', 'logo.png', pngHeader(135, 35), 'image/png');
    await refused({ attachmentFileId: ownLogo.fileId }, 'note.attachmentFileId');
    expect((await admin.run(manageReleaseNotesCall, { pageNum: 1, pageSize: 10 })).data!.total).toBe(before);
  });

  it('are the Super Admin’s to write: a company owner is refused (5)', async () => {
    expect((await acme.run(saveReleaseNoteCall, { id: null, note: note() })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await acme.run(manageReleaseNotesCall, { pageNum: 1, pageSize: 10 })).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect((await acme.run(removeReleaseNoteCall, { id: 1 })).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
