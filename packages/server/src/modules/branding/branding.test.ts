import {
  COMPANY_TYPE,
  type ConsoleBranding,
  consoleBrandingCall,
  ErrorCode,
  getBrandingCall,
  getOemSettingCall,
  type StoredFile,
  setBrandingCall,
  setOemSettingCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { partnerTree } from '../customers/partner-tree-kit.ts';
import type { Owner } from '../devices/device-test-kit.ts';
import { bufferOf, MULTIPART_TYPE, multipartBody, pngHeader } from '../files/file-test-kit.ts';

/**
 * Partner branding (issue 13): a distributor's or re-seller's logo and app name, shown in the consoles
 * of the companies below it (the nearest partner's), the logo served without a session and never as
 * anything but a PNG or JPEG.
 */

let t: TestApp;
/** Delta distributes to Acme and to the re-seller Rho, whose customer is Bravo; Sigma is a sibling with Cobalt. */
let delta: Owner;
let acme: Owner;
let rho: Owner;
let bravo: Owner;
let sigma: Owner;
let cobalt: Owner;

async function upload(who: Owner, kind: string, name: string, bytes: Buffer, contentType = 'image/png') {
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.deps.config.apiPrefix}/pl/file/upload`,
    headers: { ...who.headers(), language: 'en', 'content-type': MULTIPART_TYPE },
    payload: await bufferOf(multipartBody({ kind }, [{ name, contentType, bytes }])),
  });
  return res.json<{ code: number; msg: string; data: { files: StoredFile[] } }>();
}

async function logo(who: Owner, name = 'logo.png', bytes = pngHeader(135, 35)): Promise<StoredFile> {
  const body = await upload(who, 'oemLogo', name, bytes);
  if (body.code !== 0) throw new Error(`upload failed: ${body.code} ${body.msg}`);
  return body.data.files[0]!;
}

/** What a browser gets for the logo's address: no ticket, no language. */
function fetchLogo(url: string) {
  return t.app.inject({ method: 'GET', url });
}

const shown = async (who: Owner): Promise<ConsoleBranding> => (await who.run(consoleBrandingCall, {})).data!;

beforeAll(async () => {
  t = await createTestApp({ jobs: { manual: true } });
  await ensureSuperAdmin(t.deps);
  ({ delta, acme, rho, bravo, sigma, cobalt } = await partnerTree(t, 'Brand'));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe("a partner's branding", () => {
  it("is shown to its customers' consoles: the app name, and the logo served without a session as the PNG it is", async () => {
    expect(await shown(acme)).toEqual({ appName: null, vpnName: null, logoUrl: null });
    const file = await logo(delta);
    const set = await delta.run(setBrandingCall, { appName: 'Delta Cloud', logoFileId: file.fileId });
    expect(set.code).toBe(0);
    expect(set.data).toMatchObject({
      appName: 'Delta Cloud',
      logo: { fileId: file.fileId, kind: 'oemLogo' },
    });
    expect((await delta.run(getBrandingCall, {})).data!.appName).toBe('Delta Cloud');

    const branding = await shown(acme);
    expect(branding.appName).toBe('Delta Cloud');
    expect(branding.logoUrl).toMatch(/^\/api\/pl\/branding\/logo\?key=[\w-]{32}$/);
    const res = await fetchLogo(branding.logoUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.rawPayload.equals(pngHeader(135, 35))).toBe(true);
    // Saving the same logo again keeps its address (browsers keep their cached copy).
    await delta.run(setBrandingCall, { appName: 'Delta Cloud', logoFileId: file.fileId });
    expect((await shown(acme)).logoUrl).toBe(branding.logoUrl);
  });

  it("is the nearest partner's: a re-seller's customer sees the distributor's until the re-seller sets its own, never a mix", async () => {
    expect((await shown(bravo)).appName).toBe('Delta Cloud');
    const set = await rho.run(setBrandingCall, { appName: 'Rho Connect', logoFileId: null });
    expect(set.code).toBe(0);
    expect(await shown(bravo)).toEqual({ appName: 'Rho Connect', vpnName: null, logoUrl: null });
    // A company's own settings come first (issue 18, OEM): the re-seller's console shows its own too.
    expect((await shown(rho)).appName).toBe('Rho Connect');
    expect((await shown(acme)).appName).toBe('Delta Cloud');
  });

  it("never reaches a sibling partner's customers, nor the partners above", async () => {
    expect(await shown(cobalt)).toEqual({ appName: null, vpnName: null, logoUrl: null });
    expect(await shown(sigma)).toEqual({ appName: null, vpnName: null, logoUrl: null });
    const own = await sigma.run(setBrandingCall, {
      appName: 'Sigma Sky',
      logoFileId: await logo(sigma).then((f) => f.fileId),
    });
    expect(own.code).toBe(0);
    expect((await shown(cobalt)).appName).toBe('Sigma Sky');
    expect((await shown(acme)).appName).toBe('Delta Cloud');
    expect((await shown(bravo)).appName).toBe('Rho Connect');
    // The re-seller's settings never climb to its distributor.
    expect((await shown(delta)).appName).toBe('Delta Cloud');
  });

  it('serves only a logo in use: a replaced or removed logo and any other key are 14064', async () => {
    const before = (await shown(acme)).logoUrl!;
    const next = await logo(delta, 'next.jpg', jpegHeader(135, 35));
    await delta.run(setBrandingCall, { appName: 'Delta Cloud', logoFileId: next.fileId });
    const after = (await shown(acme)).logoUrl!;
    expect(after).not.toBe(before);
    expect((await fetchLogo(after)).headers['content-type']).toBe('image/jpeg');
    const old = await fetchLogo(before);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: ErrorCode.FILE_NOT_FOUND });
    await delta.run(setBrandingCall, { appName: 'Delta Cloud', logoFileId: null });
    expect((await fetchLogo(after)).statusCode).toBe(404);
    expect((await shown(acme)).logoUrl).toBeNull();
    expect((await fetchLogo('/api/pl/branding/logo?key=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).statusCode).toBe(
      404,
    );
    // A file the company uploaded for anything else has no key at all.
    const bad = await fetchLogo('/api/pl/branding/logo?key=<script>');
    expect(bad.json()).toMatchObject({ code: ErrorCode.PARAMETER_ERROR });
  });
});

describe('setting a branding', () => {
  it('takes only a PNG or JPEG uploaded by the company as an OEM logo (15042)', async () => {
    const set = (logoFileId: number) => delta.run(setBrandingCall, { appName: 'Delta Cloud', logoFileId });
    // Uploaded for another purpose.
    const banner = await upload(delta, 'emailBanner', 'banner.png', pngHeader(600, 235));
    expect((await set(banner.data.files[0]!.fileId)).code).toBe(ErrorCode.BRANDING_LOGO_INVALID);
    // Another company's logo.
    const theirs = await logo(sigma);
    expect(await set(theirs.fileId)).toMatchObject({
      code: 15042,
      msg: 'The logo must be a PNG or JPEG image uploaded as an OEM logo (135x35, under 1024 KB)',
    });
    // A GIF passes the upload's pixel check under a .png name; its bytes are not a PNG.
    const gif = await logo(delta, 'moving.png', gifHeader(135, 35));
    expect((await set(gif.fileId)).code).toBe(ErrorCode.BRANDING_LOGO_INVALID);
    expect((await set(9_999_999)).code).toBe(ErrorCode.BRANDING_LOGO_INVALID);
  });

  it('refuses an SVG at the upload (type), and an app name over 20 characters or empty (1)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(delta, 'oemLogo', 'logo.svg', svg, 'image/svg+xml');
    expect(refused.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(refused.msg).toContain('Only .jpg .jpeg .png files are allowed');
    // Named .png, the SVG has no PNG header: no pixel size, refused.
    const disguised = await upload(delta, 'oemLogo', 'logo.png', svg, 'image/svg+xml');
    expect(disguised.code).toBe(ErrorCode.PARAMETER_ERROR);
    const long = await delta.run(setBrandingCall, { appName: 'A'.repeat(21), logoFileId: null });
    expect(long.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(long.msg).toContain('appName');
    expect((await delta.run(setBrandingCall, { appName: '', logoFileId: null })).code).toBe(
      ErrorCode.PARAMETER_ERROR,
    );
  });

  it("is a partner's: an end customer, or a company no longer a partner, is refused (15041)", async () => {
    // Roles hold the funCodes whatever the company type; the company type decides.
    expect((await acme.run(setBrandingCall, { appName: 'Acme', logoFileId: null })).code).toBe(
      ErrorCode.BRANDING_PARTNERS_ONLY,
    );
    expect((await acme.run(getBrandingCall, {})).code).toBe(ErrorCode.BRANDING_PARTNERS_ONLY);
    await t.deps.db
      .updateTable('company')
      .set({ type: COMPANY_TYPE.endCustomer })
      .where('id', '=', sigma.companyId)
      .execute();
    const refused = await sigma.run(setBrandingCall, { appName: 'Sigma', logoFileId: null });
    expect(refused).toMatchObject({ code: ErrorCode.BRANDING_PARTNERS_ONLY });
    // Its customers no longer see it either.
    expect((await shown(cobalt)).appName).toBeNull();
  });
});

describe("a company's OEM settings (issue 18)", () => {
  const display = async (who: Owner, language = 'en') =>
    (await who.call('GET', '/pl/base/getDisplayOemSetting', undefined, { language })).body.data as {
      logoResPath: string | null;
      rlinkDisplayName: string;
      rvpnDisplayName: string;
    };

  it("are its own consoles' first: names and logo in the header, its customers' partners' untouched", async () => {
    // Bravo set nothing: its re-seller's name, Fleetport's VPN console name in its language.
    expect(await display(bravo, 'cn')).toEqual({
      logoResPath: null,
      rlinkDisplayName: 'Rho Connect',
      rvpnDisplayName: 'Fleetport VPN',
      brandAppName: 'Rho Connect',
      brandVpnName: null,
    });
    const file = await logo(bravo);
    const set = await bravo.run(setOemSettingCall, {
      rlinkDisplayName: 'Bravo Fleet',
      rvpnDisplayName: 'Bravo Tunnels',
      logoFileId: file.fileId,
      bannerFileId: null,
    });
    expect(set.code).toBe(0);
    expect(set.data).toMatchObject({
      rlinkDisplayName: 'Bravo Fleet',
      rvpnDisplayName: 'Bravo Tunnels',
      logo: { fileId: file.fileId, kind: 'oemLogo' },
      banner: null,
    });
    const shownNow = await display(bravo);
    expect(shownNow).toMatchObject({ rlinkDisplayName: 'Bravo Fleet', rvpnDisplayName: 'Bravo Tunnels' });
    expect(shownNow.logoResPath).toMatch(/^\/api\/pl\/branding\/logo\?key=[\w-]{32}$/);
    expect((await fetchLogo(shownNow.logoResPath!)).rawPayload.equals(pngHeader(135, 35))).toBe(true);
    expect(await shown(bravo)).toMatchObject({ appName: 'Bravo Fleet', vpnName: 'Bravo Tunnels' });
    // Its re-seller and the re-seller's other customers keep theirs.
    expect((await display(rho)).rlinkDisplayName).toBe('Rho Connect');
    expect((await bravo.run(getOemSettingCall, {})).data?.rlinkDisplayName).toBe('Bravo Fleet');
    expect((await rho.run(getOemSettingCall, {})).data?.rlinkDisplayName).toBe('Rho Connect');
  });

  it('take an e-mail banner uploaded as one (15043 otherwise); the partner page keeps the OEM page’s settings', async () => {
    const oem = (bannerFileId: number | null) =>
      rho.run(setOemSettingCall, {
        rlinkDisplayName: 'Rho Connect',
        rvpnDisplayName: 'Rho Tunnels',
        logoFileId: null,
        bannerFileId,
      });
    const asLogo = await logo(rho);
    expect(await oem(asLogo.fileId)).toMatchObject({
      code: 15043,
      msg: 'The e-mail banner must be a PNG or JPEG image uploaded as an e-mail banner (600x235, under 2 MB)',
    });
    const theirs = await upload(sigma, 'emailBanner', 'banner.png', pngHeader(600, 235));
    expect((await oem(theirs.data.files[0]!.fileId)).code).toBe(ErrorCode.BRANDING_BANNER_INVALID);
    const wrongSize = await upload(rho, 'emailBanner', 'banner.png', pngHeader(600, 234));
    expect(wrongSize.code).toBe(ErrorCode.PARAMETER_ERROR);
    const banner = await upload(rho, 'emailBanner', 'banner.png', pngHeader(600, 235));
    const saved = await oem(banner.data.files[0]!.fileId);
    expect(saved.code).toBe(0);
    expect(saved.data?.banner).toMatchObject({ kind: 'emailBanner', name: 'banner.png' });
    // Nothing saved by a refused call; the partner page changes only the logo and device-console name.
    await rho.run(setBrandingCall, { appName: 'Rho Connect 2', logoFileId: null });
    expect((await rho.run(getOemSettingCall, {})).data).toMatchObject({
      rlinkDisplayName: 'Rho Connect 2',
      rvpnDisplayName: 'Rho Tunnels',
      banner: { kind: 'emailBanner' },
    });
    const long = await rho.run(setOemSettingCall, {
      rlinkDisplayName: 'Rho',
      rvpnDisplayName: 'R'.repeat(21),
      logoFileId: null,
      bannerFileId: null,
    });
    expect(long.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(long.msg).toContain('rvpnDisplayName');
    expect((await rho.run(getOemSettingCall, {})).data?.rvpnDisplayName).toBe('Rho Tunnels');
  });
});

/** A JPEG's first segments with the given pixel size (SOI, then a baseline frame header). */
function jpegHeader(width: number, height: number): Buffer {
  const head = Buffer.alloc(64);
  Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08]).copy(head, 0);
  head.writeUInt16BE(height, 7);
  head.writeUInt16BE(width, 9);
  return head;
}

function gifHeader(width: number, height: number): Buffer {
  const head = Buffer.alloc(64);
  head.write('GIF89a', 0, 'ascii');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  return head;
}
