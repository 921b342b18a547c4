import {
  addPortalDevicesCall,
  createPortalTemplateCall,
  DEFAULT_PORTAL_SESSION_SETTINGS,
  ErrorCode,
  portalTermsHtmlCall,
  type StoredFile,
} from '@fleetport/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';
import { sanitizeTermsHtml } from './terms-html.ts';

/**
 * Terms .docx shown as HTML (mammoth): headings, lists and links as written; nothing a document
 * carries can run (script-like text stays text, javascript: links and event attributes go).
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A real .docx: a heading, a paragraph with script-like text, a safe link and a javascript: link. */
async function docx(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="${R}/hyperlink" Target="https://ferry.example/privacy" TargetMode="External"/><Relationship Id="rId6" Type="${R}/hyperlink" Target="javascript:alert(1)" TargetMode="External"/></Relationships>`,
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>` +
      `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Terms of use</w:t></w:r></w:p>` +
      `<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Be kind.</w:t></w:r><w:r><w:t xml:space="preserve"> &lt;img src=x onerror=alert(1)&gt;</w:t></w:r></w:p>` +
      `<w:p><w:hyperlink r:id="rId5"><w:r><w:t>Privacy</w:t></w:r></w:hyperlink></w:p>` +
      `<w:p><w:hyperlink r:id="rId6"><w:r><w:t>Click me</w:t></w:r></w:hyperlink></w:p>` +
      `</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

let t: TestApp;
let acme: Owner;
let bravo: Owner;
let portalId: number;
let terms: StoredFile;

async function stored(who: Owner, kind: string, name: string, bytes: Buffer): Promise<StoredFile> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, bytes }])),
  });
  return res.json<{ data: { files: StoredFile[] } }>().data.files[0]!;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Ferries', 'owner@acme-terms.test');
  bravo = await companyOwner(t, 'Bravo Buses', 'owner@bravo-terms.test');
  const bg = await stored(
    acme,
    'portalBackground',
    'bg.png',
    Buffer.concat([pngHeader(750, 1334), Buffer.alloc(64)]),
  );
  terms = await stored(acme, 'portalTerms', 'terms.docx', await docx());
  const created = await acme.run(createPortalTemplateCall, {
    name: 'Ferry WiFi',
    redirectionUrl: 'https://ferry.example/welcome',
    pcBackgroundFileId: bg.fileId,
    mobileBackgroundFileId: bg.fileId,
    languages: [{ name: 'English', termsFileId: terms.fileId }, { name: '中文' }],
    sessionSettings: DEFAULT_PORTAL_SESSION_SETTINGS,
  });
  expect(created.code).toBe(0);
  portalId = created.data!.portalId;
}, 60_000);
afterAll(() => t?.close());

describe('terms as HTML', () => {
  it('shows the document as HTML with the original to download; nothing in it runs', async () => {
    const res = await acme.run(portalTermsHtmlCall, { portalId, language: 0 });
    expect(res.code).toBe(0);
    const { html } = res.data!;
    expect(html).toContain('<h1>Terms of use</h1>');
    expect(html).toContain('<strong>Be kind.</strong>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(
      '<a href="https://ferry.example/privacy" rel="noopener noreferrer" target="_blank">Privacy</a>',
    );
    expect(html).not.toMatch(/javascript:|<img|<script/i);
    expect(html).toContain('Click me');
    expect(res.data!.terms).toMatchObject({ fileId: terms.fileId, name: 'terms.docx' });
    expect(res.data!.terms!.download.url).toBeTruthy();
  });

  it('shows the terms as HTML on the splash page, with the original to download', async () => {
    await seedDevices(t, acme.companyId, [{ sn: 'TERMS0000001', online: true }]);
    await putOnLevel(t, acme, ['TERMS0000001'], 'CAPTIVE_PORTAL_PRO');
    expect((await acme.run(addPortalDevicesCall, { portalId, sns: ['TERMS0000001'] })).code).toBe(0);
    const page = await t.app.inject({
      method: 'GET',
      url: `${t.deps.config.apiPrefix}/gm/portal/splash?sn=TERMS0000001&mac=AA-BB-CC-00-11-22`,
      headers: { 'accept-language': 'en' },
    });
    expect(page.body).toContain(
      '<details data-splash="terms"><summary>Terms and conditions</summary><h1>Terms of use</h1>',
    );
    expect(page.body).toContain('terms.docx</a>');
    expect(page.body).not.toMatch(/javascript:|<img/i);
  });

  it('a language without terms has none; another company gets 900104', async () => {
    expect((await acme.run(portalTermsHtmlCall, { portalId, language: 1 })).data).toEqual({
      html: '',
      terms: null,
    });
    expect((await bravo.run(portalTermsHtmlCall, { portalId, language: 0 })).code).toBe(
      ErrorCode.PORTAL_TEMPLATE_NOT_FOUND,
    );
  });

  it('keeps only allowed tags and attributes', () => {
    expect(
      sanitizeTermsHtml(
        '<p onclick="x()">a<script>alert(1)</script><iframe src="//e"></iframe><a href="JavaScript:x" onmouseover="y">b</a>' +
          '<td colspan="2" style="x">c</td><a href="mailto:help@ferry.example">m</a><b>unclosed',
      ),
    ).toBe(
      '<p>aalert(1)<a>b</a><td colspan="2">c</td><a href="mailto:help@ferry.example" rel="noopener noreferrer" target="_blank">m</a><b>unclosed</b></p>',
    );
  });
});
