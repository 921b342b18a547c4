import { ErrorCode } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';

let t: TestApp;
let owner: SignedIn;
let admin: SignedIn;
let adminPassword: string;
let companyId: number;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ companyId, userId } = await registerCompany(t, {
    companyName: 'Shell Co',
    account: 'sol@shell.example',
  }));
  owner = await signIn(t, 'sol@shell.example');
  const created = await ensureSuperAdmin(t.deps);
  adminPassword = created!.password;
  admin = await signIn(t, created!.account, adminPassword);
});
afterAll(async () => {
  await t.close();
});

describe('maintenance notice', () => {
  it('is null until the Super Admin announces one, then shows in both languages', async () => {
    expect((await owner.call('GET', '/pl/maintenance/getLatestMaintenance')).body.data).toBeNull();
    const now = t.clock.now().getTime();
    const notice = {
      messageEn: 'Maintenance at 02:00 UTC',
      messageCn: '02:00 UTC 系统维护',
      startTime: now + 3600_000,
      endTime: now + 7200_000,
    };
    expect((await admin.call('POST', '/pl/maintenance/saveMaintenance', notice)).body.code).toBe(0);
    const res = await owner.call('GET', '/pl/maintenance/getLatestMaintenance');
    expect(res.body.data).toEqual(notice);
    // Sessions last 4 hours: move 2 hours on, past the notice, and sign in again.
    t.clock.advance(7200_000);
    owner = await signIn(t, 'sol@shell.example');
    admin = await signIn(t, 'superadmin@fleetport.local', adminPassword);
    expect((await owner.call('GET', '/pl/maintenance/getLatestMaintenance')).body.data).toBeNull();
  });

  it('is not shown to whitelisted companies', async () => {
    const now = t.clock.now().getTime();
    const notice = {
      messageEn: 'Upgrade',
      messageCn: '升级',
      startTime: now,
      endTime: now + 3600_000,
      whitelist: [companyId],
    };
    expect((await admin.call('POST', '/pl/maintenance/saveMaintenance', notice)).body.code).toBe(0);
    expect((await owner.call('GET', '/pl/maintenance/getLatestMaintenance')).body.data).toBeNull();
  });

  it('refuses an end before the start', async () => {
    const res = await admin.call('POST', '/pl/maintenance/saveMaintenance', {
      messageEn: 'x',
      messageCn: 'x',
      startTime: 2000,
      endTime: 1000,
    });
    expect(res.body.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(res.body.msg).toContain('endTime');
  });
});

describe('a maintenance lock', () => {
  it('answers 14053 with the message to every company not whitelisted during its window, until removed', async () => {
    await registerCompany(t, { companyName: 'Locked Co', account: 'lee@locked.example' });
    const locked = await signIn(t, 'lee@locked.example');
    const now = t.clock.now().getTime();
    const notice = {
      messageEn: 'Upgrading to 2.5 until 03:00 UTC',
      messageCn: '升级至2.5，至UTC 03:00',
      startTime: now + 60_000,
      endTime: now + 1_800_000,
      whitelist: [companyId],
      lock: true,
    };
    expect((await admin.call('POST', '/pl/maintenance/saveMaintenance', notice)).body.code).toBe(0);
    const instructions = (who: SignedIn, language = 'en') =>
      who.call('POST', '/pl/user/getInstructionStatus', {}, { language });
    // Announced, not yet in force.
    expect((await instructions(locked)).body.code).toBe(0);
    t.clock.advance(120_000);
    expect((await instructions(locked)).body).toMatchObject({
      code: ErrorCode.SYSTEM_UPGRADING,
      msg: 'Upgrading to 2.5 until 03:00 UTC',
    });
    expect((await instructions(locked, 'cn')).body.msg).toBe('升级至2.5，至UTC 03:00');
    // The locked company still reads the notice and may sign out; the whitelisted one and the Super Admin work on.
    const shown = await locked.call('GET', '/pl/maintenance/getLatestMaintenance');
    expect([shown.body.code, shown.body.data === null]).toEqual([0, false]);
    expect((await instructions(owner)).body.code).toBe(0);
    const listed = await admin.call('POST', '/pl/maintenance/list', { pageNum: 1, pageSize: 10 });
    const row = (listed.body.data as { list: { id: number; lock: boolean; whitelist: number[] }[] }).list[0]!;
    expect(row).toMatchObject({ lock: true, whitelist: [companyId] });

    expect((await admin.call('POST', '/pl/maintenance/remove', { id: row.id })).body.code).toBe(0);
    expect((await instructions(locked)).body.code).toBe(0);
    const again = await admin.call('POST', '/pl/maintenance/remove', { id: row.id });
    expect([again.body.code, again.body.msg]).toEqual([
      ErrorCode.PARAMETER_ERROR,
      expect.stringContaining('id'),
    ]);
    // Only the Super Admin manages notices.
    expect((await owner.call('POST', '/pl/maintenance/list', { pageNum: 1, pageSize: 10 })).body.code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});

describe('instructions and notes', () => {
  it("answers '0' until the instructions are seen, then '1'", async () => {
    expect((await owner.call('POST', '/pl/user/getInstructionStatus', {})).body.data).toEqual({
      status: '0',
    });
    expect((await owner.call('POST', '/pl/user/updateInstructionStatus', { status: '1' })).body.code).toBe(0);
    expect((await owner.call('POST', '/pl/user/getInstructionStatus', {})).body.data).toEqual({
      status: '1',
    });
  });

  it('shows unchecked notes until they are checked', async () => {
    const note = await t.deps.db
      .insertInto('show_note')
      .values({
        company_id: companyId,
        user_id: userId,
        content: 'Release 2.1 is out',
        biz_type: 'release',
        extend: JSON.stringify({ version: '2.1' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await owner.call<{ id: number; content: string; extend: unknown; checked: boolean }[]>(
      'POST',
      '/pl/notification/getShowNotes',
      {},
    );
    expect(res.body.data).toEqual([
      {
        id: Number(note.id),
        content: 'Release 2.1 is out',
        bizType: 'release',
        extend: { version: '2.1' },
        checked: false,
      },
    ]);
    expect(
      (await owner.call('POST', '/pl/notification/checkShowNotes', { ids: [Number(note.id)] })).body.code,
    ).toBe(0);
    expect((await owner.call('POST', '/pl/notification/getShowNotes', {})).body.data).toEqual([]);
  });
});

describe('OEM display and versions', () => {
  it('gives the default console names until OEM lands', async () => {
    const res = await owner.call('GET', '/pl/base/getDisplayOemSetting');
    expect(res.body.data).toEqual({
      logoResPath: null,
      rlinkDisplayName: 'Fleetport Device Manager',
      rvpnDisplayName: 'Fleetport VPN',
      brandAppName: null,
      brandVpnName: null,
    });
    const cn = await owner.call('GET', '/pl/base/getDisplayOemSetting', undefined, { language: 'cn' });
    expect(cn.body.data).toMatchObject({ rlinkDisplayName: 'Fleetport 设备管理' });
  });

  it('serves the versions without a ticket', async () => {
    const res = await t.call<{ version: string }>('GET', '/static/config.json');
    expect(res.body.code).toBe(0);
    expect(res.body.data?.version).toMatch(/^\d+\.\d+\.\d+/);
    // The location map's tiles (MAP_TILE_URL; the public OpenStreetMap ones unless set).
    expect((res.body.data as { mapTileUrl?: string }).mapTileUrl).toBe(t.deps.config.mapTileUrl);
  });
});
