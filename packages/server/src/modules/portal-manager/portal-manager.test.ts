import {
  addPortalDevicesCall,
  createPortalTemplateCall,
  DEFAULT_PORTAL_SESSION_SETTINGS,
  deletePortalTemplateCall,
  ErrorCode,
  errorMessage,
  getPortalTemplateCall,
  listPortalDevicesCall,
  listPortalTemplatesCall,
  PORTAL_DATA_LIMIT_MAX_MB,
  PORTAL_TEMPLATES_MAX,
  type PortalTemplateBody,
  removePortalDevicesCall,
  type StoredFile,
  updatePortalTemplateCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { insertTemplate } from './portal-manager.store.ts';

/**
 * The portal manager's templates (issue 21): each rule of a template answers its catalogue code (or 1
 * naming the field) and saves nothing; routers join under Captive Portal PRO, one template each, and
 * a template with routers is not removed.
 */

let t: TestApp;
let acme: Owner;
let bravo: Owner;
let pc: StoredFile;
let mobile: StoredFile;
let terms: StoredFile;

async function upload(who: Owner, kind: string, name: string, bytes: Buffer) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, bytes }])),
  });
  return res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
}

async function stored(who: Owner, kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const body = await upload(who, kind, name, bytes);
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

/** A PNG of `bytes` bytes in all. */
function png(bytes: number): Buffer {
  return Buffer.concat([pngHeader(1920, 1080), Buffer.alloc(bytes - 64, 7)]);
}

function body(over: Partial<PortalTemplateBody> = {}): PortalTemplateBody {
  return {
    name: 'Harbour ferry WiFi',
    redirectionUrl: 'https://ferry.example/welcome',
    pcBackgroundFileId: pc.fileId,
    mobileBackgroundFileId: mobile.fileId,
    languages: [
      { name: 'English', locale: 'en', title: 'Welcome aboard', termsFileId: terms.fileId },
      { name: '中文', locale: 'zh', title: '欢迎登船' },
    ],
    sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, totalLimitMb: 50 },
    ...over,
  };
}

async function templateCount(companyId: number): Promise<number> {
  const rows = await t.deps.db
    .selectFrom('portal_template')
    .select('id')
    .where('company_id', '=', companyId)
    .execute();
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Ferries', 'owner@acme.example');
  bravo = await companyOwner(t, 'Bravo Buses', 'owner@bravo.example');
  pc = await stored(acme, 'portalBackground', 'pc.png', png(4096));
  mobile = await stored(acme, 'portalBackground', 'mobile.jpg', png(2048));
  terms = await stored(acme, 'portalTerms', 'terms.docx', Buffer.from('PK terms of use'));
  await seedDevices(t, acme.companyId, [
    { sn: 'PORTAL0000000001', online: true },
    { sn: 'PORTAL0000000002' },
    { sn: 'PORTAL0000000003' },
  ]);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('portal templates', () => {
  it('creates a template with two languages, terms, both backgrounds and a 50 MB total limit', async () => {
    const res = await acme.run(createPortalTemplateCall, body());
    expect(res.code).toBe(0);
    expect(res.data!.name).toBe('Harbour ferry WiFi');
    expect(res.data!.languages.map((l) => l.name)).toEqual(['English', '中文']);
    expect(res.data!.languages[0]!.terms?.name).toBe('terms.docx');
    expect(res.data!.pcBackground?.fileId).toBe(pc.fileId);
    expect(res.data!.sessionSettings.totalLimitMb).toBe(50);
    const list = await acme.run(listPortalTemplatesCall, { pageNum: 1, pageSize: 10 });
    expect(list.data!.list.map((r) => [r.name, r.deviceCount])).toEqual([['Harbour ferry WiFi', 0]]);
    // Another company sees none of it.
    const other = await bravo.run(getPortalTemplateCall, { portalId: res.data!.portalId });
    expect(other.code).toBe(ErrorCode.PORTAL_TEMPLATE_NOT_FOUND);
  });

  it('refuses a name the company already has, in any case (900102)', async () => {
    const res = await acme.run(createPortalTemplateCall, body({ name: 'HARBOUR FERRY WIFI' }));
    expect(res.code).toBe(ErrorCode.PORTAL_TEMPLATE_NAME_EXISTS);
    expect(res.msg).toBe('The portal template name already exists');
    expect(await templateCount(acme.companyId)).toBe(1);
  });

  it('refuses a redirection URL that is not http or https (900105)', async () => {
    for (const url of ['ftp://ferry.example/', 'ferry.example', 'javascript:alert(1)']) {
      const res = await acme.run(createPortalTemplateCall, body({ name: 'Bad URL', redirectionUrl: url }));
      expect(res.code, url).toBe(ErrorCode.REDIRECTION_URL_INVALID);
    }
    expect(await templateCount(acme.companyId)).toBe(1);
  });

  it('refuses the 11th language (900107) and a repeated language name (900108)', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `Language ${i + 1}` }));
    const tooMany = await acme.run(createPortalTemplateCall, body({ name: 'Babel', languages: eleven }));
    expect(tooMany.code).toBe(ErrorCode.PORTAL_LANGUAGE_LIMIT);
    expect(tooMany.msg).toBe('A portal can have at most 10 languages');
    const ten = await acme.run(
      createPortalTemplateCall,
      body({ name: 'Babel', languages: eleven.slice(0, 10) }),
    );
    expect(ten.code).toBe(0);
    const twice = await acme.run(
      createPortalTemplateCall,
      body({ name: 'Twice', languages: [{ name: 'English' }, { name: ' english ' }] }),
      'cn',
    );
    expect(twice.code).toBe(ErrorCode.PORTAL_LANGUAGE_EXISTS);
    expect(twice.msg).toBe('语言名称已存在');
  });

  it('needs both backgrounds (900110)', async () => {
    const res = await acme.run(
      createPortalTemplateCall,
      body({ name: 'No mobile', mobileBackgroundFileId: null }),
    );
    expect(res.code).toBe(ErrorCode.PORTAL_BACKGROUNDS_REQUIRED);
    expect(res.msg).toBe('Both the PC and the mobile background images are required');
  });

  it('takes session limits as 0 or whole numbers up to the maximum, else 1 naming the field', async () => {
    for (const [field, value] of [
      ['totalLimitMb', PORTAL_DATA_LIMIT_MAX_MB + 1],
      ['sessionTimeoutMinutes', -1],
      ['downloadKbps', 1.5],
    ] as const) {
      const res = await acme.run(
        createPortalTemplateCall,
        body({ name: 'Limits', sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, [field]: value } }),
      );
      expect(res.code, field).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg, field).toContain(field);
    }
    const max = await acme.run(
      createPortalTemplateCall,
      body({
        name: 'Limits',
        sessionSettings: { ...DEFAULT_PORTAL_SESSION_SETTINGS, totalLimitMb: PORTAL_DATA_LIMIT_MAX_MB },
      }),
    );
    expect(max.code).toBe(0);
  });

  it('refuses a 1025 KB image and a 2 MB + 1 byte terms file at upload (1 naming the limit)', async () => {
    const image = await upload(acme, 'portalBackground', 'big.png', png(1025 * 1024));
    expect(image.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(image.msg).toContain('1024 KB');
    const docx = await upload(acme, 'portalTerms', 'terms.docx', Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(docx.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(docx.msg).toContain('2 MB');
    const pdf = await upload(acme, 'portalTerms', 'terms.pdf', Buffer.from('%PDF'));
    expect(pdf.code).toBe(ErrorCode.PARAMETER_ERROR);
  });

  it("refuses another company's file or a file of another kind as a background (1 naming the field)", async () => {
    const bravoPc = await stored(bravo, 'portalBackground', 'pc.png', png(1024));
    const foreign = await acme.run(
      createPortalTemplateCall,
      body({ name: 'Foreign', pcBackgroundFileId: bravoPc.fileId }),
    );
    expect(foreign.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(foreign.msg).toContain('pcBackgroundFileId');
    const wrongKind = await acme.run(
      createPortalTemplateCall,
      body({ name: 'Wrong kind', mobileBackgroundFileId: terms.fileId }),
    );
    expect(wrongKind.msg).toContain('mobileBackgroundFileId');
  });

  it('keeps a company to its limit of templates (900101)', async () => {
    const now = t.clock.now();
    const existing = await templateCount(bravo.companyId);
    for (let i = existing; i < PORTAL_TEMPLATES_MAX; i++) {
      await insertTemplate(
        t.deps.db,
        companyScope(bravo.companyId),
        {
          name: `Seeded ${i}`,
          auth_mode: 'none',
          access_code: '',
          allowed_sites: '[]',
          blocked_domains: '[]',
          redirection_url: 'https://bravo.example',
          pc_background_file_id: null,
          mobile_background_file_id: null,
          logo_file_id: null,
          languages: JSON.stringify([{ name: 'English' }]),
          session_settings: JSON.stringify(DEFAULT_PORTAL_SESSION_SETTINGS),
        },
        now,
      );
    }
    const bravoPc = await stored(bravo, 'portalBackground', 'pc.png', png(1024));
    const res = await bravo.run(
      createPortalTemplateCall,
      body({
        name: 'One too many',
        pcBackgroundFileId: bravoPc.fileId,
        mobileBackgroundFileId: bravoPc.fileId,
        languages: [{ name: 'English' }],
      }),
    );
    expect(res.code).toBe(ErrorCode.PORTAL_TEMPLATE_LIMIT);
    expect(res.msg).toBe(errorMessage(ErrorCode.PORTAL_TEMPLATE_LIMIT, 'en', { num: PORTAL_TEMPLATES_MAX }));
    expect(res.msg).toContain(String(PORTAL_TEMPLATES_MAX));
  });

  it('saves an edit with a new version and answers 900104 for a template that does not exist', async () => {
    const list = await acme.run(listPortalTemplatesCall, { pageNum: 1, pageSize: 10, name: 'Harbour' });
    const { portalId, version } = list.data!.list[0]!;
    const res = await acme.run(updatePortalTemplateCall, {
      ...body({ name: 'Harbour ferry guest WiFi' }),
      portalId,
    });
    expect(res.code).toBe(0);
    expect(res.data!.version).toBe(version + 1);
    const missing = await acme.run(updatePortalTemplateCall, { ...body(), portalId: 999_999 });
    expect(missing.code).toBe(ErrorCode.PORTAL_TEMPLATE_NOT_FOUND);
    expect((await acme.run(deletePortalTemplateCall, { portalId: 999_999 })).code).toBe(
      ErrorCode.PORTAL_TEMPLATE_NOT_FOUND,
    );
  });
});

describe('routers on a template', () => {
  let portalId: number;
  let otherId: number;

  beforeAll(async () => {
    const list = await acme.run(listPortalTemplatesCall, { pageNum: 1, pageSize: 50 });
    portalId = list.data!.list.find((r) => r.name === 'Harbour ferry guest WiFi')!.portalId;
    otherId = list.data!.list.find((r) => r.name === 'Babel')!.portalId;
  });

  it('refuses a Basic router with the upgrade code (120095) and adds licensed ones', async () => {
    const basic = await acme.run(addPortalDevicesCall, { portalId, sns: ['PORTAL0000000003'] });
    expect(basic.code).toBe(ErrorCode.BASIC_LICENCE_UPGRADE);
    await putOnLevel(t, acme, ['PORTAL0000000001', 'PORTAL0000000002'], 'CAPTIVE_PORTAL_PRO');
    const res = await acme.run(addPortalDevicesCall, {
      portalId,
      sns: ['PORTAL0000000001', 'PORTAL0000000002'],
    });
    expect(res.code).toBe(0);
    expect(res.data!.map((d) => d.sn).sort()).toEqual(['PORTAL0000000001', 'PORTAL0000000002']);
    const devices = await acme.run(listPortalDevicesCall, { portalId, pageNum: 1, pageSize: 10 });
    expect(devices.data!.total).toBe(2);
    // Each router has its own sealed RADIUS secret: never the plain text.
    const secrets = await t.deps.db.selectFrom('portal_device').select('radius_secret').execute();
    expect(new Set(secrets.map((s) => s.radius_secret)).size).toBe(2);
    expect(secrets[0]!.radius_secret.startsWith('v1.')).toBe(true);
  });

  it('keeps a router on one template (1 naming sns) and refuses an unknown router (120002)', async () => {
    const res = await acme.run(addPortalDevicesCall, { portalId: otherId, sns: ['PORTAL0000000001'] });
    expect(res.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.msg).toContain('PORTAL0000000001');
    const unknown = await acme.run(addPortalDevicesCall, { portalId, sns: ['NOSUCHROUTER0001'] });
    expect(unknown.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
  });

  it('refuses to remove a template while routers are on it, listing them (900103)', async () => {
    const refused = await acme.run(deletePortalTemplateCall, { portalId });
    expect(refused.code).toBe(ErrorCode.PORTAL_TEMPLATE_HAS_DEVICES);
    expect((refused.data as unknown as { sns: string[] }).sns.sort()).toEqual([
      'PORTAL0000000001',
      'PORTAL0000000002',
    ]);
    await acme.run(removePortalDevicesCall, { portalId, sns: ['PORTAL0000000001', 'PORTAL0000000002'] });
    const removed = await acme.run(deletePortalTemplateCall, { portalId });
    expect(removed.code).toBe(0);
    expect((await acme.run(getPortalTemplateCall, { portalId })).code).toBe(
      ErrorCode.PORTAL_TEMPLATE_NOT_FOUND,
    );
  });
});
