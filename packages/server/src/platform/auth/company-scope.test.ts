/**
 * The stores that take a CompanyScope reach exactly the scope's companies: one company sees only its
 * own rows, a set (what a distributor's console will hold) sees each of its companies' rows and never a
 * third company's, and a write, which needs one owning company, is refused (5) for a set.
 */
import {
  AlertFilterSchema,
  AlertRuleInputSchema,
  DeviceExportFilterSchema,
  DeviceListQuerySchema,
  ErrorCode,
  PackageFilterSchema,
  PointTableInputSchema,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompany } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyWithEveryRole, defaultRoles, type PopulatedCompany } from '../../../test/people.ts';
import { finishRpcCommand, insertRpcCommands } from '../../gateway/rpc.store.ts';
import { activityPage } from '../../modules/activity-log/activity-log.query.ts';
import * as alertRules from '../../modules/alerts/alert-rules.store.ts';
import * as alerts from '../../modules/alerts/alerts.store.ts';
import { addVersion } from '../../modules/app-centre/app-centre.service.ts';
import { ownedVersion, packagePage, visiblePackage } from '../../modules/app-centre/app-centre.store.ts';
import { mapKeysOf, ownBranding, saveBranding, saveMapKeys } from '../../modules/branding/branding.store.ts';
import { customerOfSeller, insertOrder, orderPage } from '../../modules/checkout/checkout.store.ts';
import * as account from '../../modules/company-account/company-account.store.ts';
import * as customers from '../../modules/customers/customers.store.ts';
import { addDataPackages, saveSettings } from '../../modules/data-pool/data-pool.service.ts';
import { insertItems, itemRows, poolTotals, usageSince } from '../../modules/data-pool/data-pool.store.ts';
import { applyChangeSet } from '../../modules/device-config/device-config.service.ts';
import {
  findOpenChangeSet,
  insertChangeSet,
  pageChangeSets,
} from '../../modules/device-config/device-config.store.ts';
import {
  countDevicesBy,
  deviceLocationRows,
  deviceTotals,
  unreadAlertsByGroup,
} from '../../modules/device-dashboard/device-dashboard.store.ts';
import { signalSeries, topUsage, usageSeries } from '../../modules/device-dashboard/telemetry-series.ts';
import { pageDeviceEvents, pageDeviceSyslog } from '../../modules/device-details/device-details.store.ts';
import { insertGroup, listGroups, rootGroupId } from '../../modules/device-groups/device-groups.store.ts';
import * as notifications from '../../modules/device-notifications/device-notifications.store.ts';
import { findUpdateCommands, lastAppList } from '../../modules/device-software/device-software.store.ts';
import { ensureTags, listTags } from '../../modules/device-tags/device-tags.store.ts';
import {
  applyingCounts,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  pageTemplates,
} from '../../modules/device-templates/device-templates.store.ts';
import { insertProvisioning, pageProvisioning } from '../../modules/device-templates/provisioning.store.ts';
import { ownedSns } from '../../modules/devices/bulk-results.ts';
import { deviceExportSource } from '../../modules/devices/device-export.ts';
import { existingDevices, registerDevices } from '../../modules/devices/device-import.service.ts';
import { getCompanyDevice, listDevices } from '../../modules/devices/device-list.store.ts';
import { deleteDevices } from '../../modules/devices/device-registry.service.ts';
import {
  deleteDeviceRows,
  findGatewayState,
  moveDeviceRows,
  updateDeviceFields,
} from '../../modules/devices/device-registry.store.ts';
import * as reports from '../../modules/devices/device-reports.store.ts';
import * as endpointStore from '../../modules/endpoints/endpoints.store.ts';
import { recordOwner } from '../../modules/exports/exports.store.ts';
import * as installer from '../../modules/installer-console/installer-console.store.ts';
import * as iot from '../../modules/iot-connector/iot-connector.store.ts';
import { devicesAutoRenew, saveCompanyAutoRenew } from '../../modules/licences/auto-renew.store.ts';
import { billingPage } from '../../modules/licences/billing.store.ts';
import { assignDeviceLicences } from '../../modules/licences/device-assignment.service.ts';
import { unusedByProduct } from '../../modules/licences/ledger.store.ts';
import { grantPool } from '../../modules/licences/licence-test-kit.ts';
import * as choices from '../../modules/notifications/notification-choices.store.ts';
import * as webhooks from '../../modules/notifications/webhooks.store.ts';
import * as openApi from '../../modules/open-api/open-api.service.ts';
import * as openApiStore from '../../modules/open-api/open-api.store.ts';
import * as openApiUsage from '../../modules/open-api/open-api-usage.store.ts';
import { saveAlertEmailRow, saveSmtpRow } from '../../modules/partner-notifications/alert-emails.store.ts';
import * as notices from '../../modules/partner-notifications/notices.store.ts';
import * as pointTableStore from '../../modules/point-tables/point-tables.store.ts';
import * as productStore from '../../modules/products/products.store.ts';
import * as quotas from '../../modules/quotas/quotas.store.ts';
import { rebatePage } from '../../modules/rebates/rebates.store.ts';
import { createRemoteActions } from '../../modules/remote-actions/remote-actions.service.ts';
import * as reportStore from '../../modules/reports/reports.store.ts';
import { listRoles } from '../../modules/roles/roles.store.ts';
import { insertInvitation, listInvitations } from '../../modules/users/invitations.store.ts';
import * as users from '../../modules/users/users.store.ts';
import * as vpnConsoleStore from '../../modules/vpn/console.store.ts';
import { rotateCertificate } from '../../modules/vpn/rotation.service.ts';
import * as vpnClients from '../../modules/vpn/service-clients.service.ts';
import * as vpnClientStore from '../../modules/vpn/service-clients.store.ts';
import * as vpn from '../../modules/vpn/vpn.service.ts';
import * as vpnStore from '../../modules/vpn/vpn.store.ts';
import { inTransaction } from '../db/open.ts';
import { isAppError } from '../errors.ts';
import { findCompanyFile, insertStoredFile } from '../files/stored-files.store.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { listVisibleJobs } from '../jobs/jobs.store.ts';
import { type Actor, type CompanyScope, companyScope, scopedCompanyIds } from './actor.ts';

let t: TestApp;
let a: PopulatedCompany;
let b: PopulatedCompany;
/** The third company: no scope below names it, so none of its rows may show. */
let c: { companyId: number; userId: number };
let both: CompanyScope;
const SN = { a: 'SCOPEA0000001', b: 'SCOPEB0000001', c: 'SCOPEC0000001' };
const HOUR = 3_600_000;
/** Per company: its stored file's id and the role its invitation hands out. */
const fileOf = new Map<number, number>();

/** One device of `companyId` with everything a device reports and a console reads about it. */
async function seedDevice(companyId: number, ownerId: number, sn: string, name: string) {
  const db = t.database.db;
  const now = t.clock.now();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const device = { sn, name: `${name} router`, model: 'R3000-Q', mac: null, imei: null, tags: [] };
  await registerDevices(db, companyScope(companyId), [device], now);
  await reports.saveDeviceConfig(db, {
    companyId,
    sn,
    xml: `<${name}/>`,
    lastUpdatedTime: now,
    receivedAt: now,
  });
  await reports.saveDeviceStatus(db, {
    companyId,
    sn,
    module: 'gps',
    data: { latitude: 1, longitude: 2 },
    at: now,
  });
  await reports.insertTelemetry(db, [
    { companyId, sn, at: ago(HOUR), data: { usage: [{ link: 'wan', rxBytes: 10, txBytes: 10 }] } },
    {
      companyId,
      sn,
      at: ago(HOUR / 2),
      data: { usage: [{ link: 'wan', rxBytes: 30, txBytes: 30 }], signal: [{ rssi: -70 }] },
    },
  ]);
  await reports.insertDeviceEvent(db, { companyId, sn, at: now, type: 'alarm', severity: 'major', data: {} });
  await reports.insertSyslogLines(db, [{ companyId, sn, at: now, level: 'info', message: `${name} booted` }]);
  await notifications.insertNotifications(db, [
    { companyId, sn, bizType: 'alert', severity: 'major', extend: {}, at: now },
  ]);
  const deadline = new Date(now.getTime() + HOUR);
  const commands = ['firmwareInstall', 'appList'].map((method) => {
    return { id: `${sn}-${method}`, companyId, sn, method, params: {}, deadline, at: now };
  });
  await insertRpcCommands(db, commands);
  const apps = { apps: [{ packageName: `${name}.app` }] };
  await finishRpcCommand(db, {
    id: `${sn}-appList`,
    sn,
    state: 'success',
    result: apps,
    error: null,
    at: now,
  });
  const file = await insertStoredFile(db, {
    companyId,
    kind: 'export',
    name: `${name}.xlsx`,
    size: 1,
    sha256: '00',
    contentType: 'text/plain',
    storeKey: `${companyId}/${name}`,
    createdBy: null,
    createdAt: now,
    expiresAt: null,
  });
  fileOf.set(companyId, file.id);
  await enqueueJob(db, { kind: 'scope.test', payload: {}, companyId, runAt: ago(-1000 * HOUR) });
  const role = (await defaultRoles(t, companyId)).administrator;
  const invitation = { email: `invitee@${name}.example`, roleId: role, token: `token-${name}` };
  await insertInvitation(db, companyScope(companyId), {
    ...invitation,
    inviterId: ownerId,
    now,
    expiresAt: deadline,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithEveryRole(t, 'Alpha', 'alpha.example');
  b = await companyWithEveryRole(t, 'Beta', 'beta.example');
  c = await registerCompany(t, {
    companyName: 'Gamma',
    account: 'owner@gamma.example',
    userName: 'Gamma Owner',
  });
  both = { kind: 'companies', companyIds: [a.companyId, b.companyId] };
  const db = t.database.db;
  for (const [companyId, ownerId, sn, name] of [
    [a.companyId, a.members.owner.userId, SN.a, 'Alpha'],
    [b.companyId, b.members.owner.userId, SN.b, 'Beta'],
    [c.companyId, c.userId, SN.c, 'Gamma'],
  ] as const) {
    const scope = companyScope(companyId);
    await insertGroup(db, scope, await rootGroupId(db, scope), `${name} depot`);
    await ensureTags(db, scope, [`${name} depot tag`]);
    await seedDevice(companyId, ownerId, sn, name);
  }
  // Beta and Gamma are partners: the link is Beta's too, so the set sees it.
  await account.insertRelation(db, b.companyId, c.companyId);
  await grantPool(t, a.companyId, 'ESSENTIAL', 3);
  await grantPool(t, b.companyId, 'ESSENTIAL', 4);
  // A data pool item each: 1, 2 and 4 MB.
  for (const [companyId, mb] of [
    [a.companyId, 1],
    [b.companyId, 2],
    [c.companyId, 4],
  ] as const)
    await inTransaction(db, (tx) =>
      insertItems(tx, [
        { companyId, source: 'grant', packageBytes: mb * 1024 * 1024, expireDays: 30, at: t.clock.now() },
      ]),
    );
  for (const [companyId, userId, name] of [
    [a.companyId, a.members.owner.userId, 'Alpha'],
    [b.companyId, b.members.owner.userId, 'Beta'],
    [c.companyId, c.userId, 'Gamma'],
  ] as const) {
    const scope = companyScope(companyId);
    const fields = {
      name: `${name} notice`,
      topic: name,
      content: name,
      audience: 'all' as const,
      customerIds: [],
    };
    const id = await notices.insertNotice(db, scope, fields, { userId, at: t.clock.now() });
    await notices.setNoticeState(db, scope, id, 'published', t.clock.now());
  }
});

afterAll(() => t?.close());

async function refusal(work: Promise<unknown> | (() => unknown)): Promise<number | undefined> {
  try {
    await (typeof work === 'function' ? work() : work);
    return undefined;
  } catch (error) {
    return isAppError(error) ? error.code : -1;
  }
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('a company scope', () => {
  it('reads one company alone and a set of companies together, in every scoped store', async () => {
    const db = t.database.db;
    const one = companyScope(a.companyId);
    expect((await listGroups(db, one)).map((g) => g.groupName)).toEqual(['Alpha depot']);
    expect((await listGroups(db, both)).map((g) => g.groupName)).toEqual(['Alpha depot', 'Beta depot']);
    expect((await listTags(db, both)).map((tag) => tag.tagName)).toEqual([
      'Alpha depot tag',
      'Beta depot tag',
    ]);

    const rolesA = await listRoles(db, one, undefined, 0, 100);
    const rolesB = await listRoles(db, companyScope(b.companyId), undefined, 0, 100);
    const rolesBoth = await listRoles(db, both, undefined, 0, 100);
    expect(rolesA.total).toBeGreaterThan(0);
    expect(rolesBoth.total).toBe(rolesA.total + rolesB.total);

    const filter = { scope: 'all' as const, userId: undefined, startTime: undefined, endTime: undefined };
    const activityA = await activityPage(db, one, filter, 0, 500);
    const activityB = await activityPage(db, companyScope(b.companyId), filter, 0, 500);
    const activityBoth = await activityPage(db, both, filter, 0, 500);
    expect(activityA.total).toBeGreaterThan(0);
    expect(activityBoth.total).toBe(activityA.total + activityB.total);
    expect(activityA.list.every((row) => !activityB.list.some((other) => other.id === row.id))).toBe(true);

    expect((await unusedByProduct(db, one)).get('ESSENTIAL')).toBe(3);
    expect((await unusedByProduct(db, both)).get('ESSENTIAL')).toBe(7);
    const billing = { startTime: undefined, endTime: undefined };
    expect((await billingPage(db, one, billing, 0, 10)).total).toBe(1);
    expect((await billingPage(db, both, billing, 0, 10)).total).toBe(2);
    // Rebates are ledger rows of the scope's companies (none earned here; rebates.test.ts earns them).
    expect((await rebatePage(db, both, billing, 0, 10)).total).toBe(0);
    // Devices' auto-renew: the set reads both companies' devices, never a third's.
    const autoRenewSns = [SN.a, SN.b, SN.c];
    expect((await devicesAutoRenew(db, one, autoRenewSns)).map((d) => d.sn)).toEqual([SN.a]);
    expect((await devicesAutoRenew(db, both, autoRenewSns)).map((d) => d.sn)).toEqual([SN.a, SN.b]);
    // The data pool: the set's items and totals are both companies', never Gamma's.
    const now = t.clock.now();
    const MB = 1024 * 1024;
    expect((await poolTotals(db, scopedCompanyIds(one), now)).totalBytes).toBe(MB);
    expect((await poolTotals(db, scopedCompanyIds(both), now)).totalBytes).toBe(3 * MB);
    const poolItems = await itemRows(db, both, {}, 0, 10, now);
    expect(poolItems.map((i) => i.packageBytes).sort()).toEqual([MB, 2 * MB]);
    expect((await usageSince(db, both, '2000-01-01')).size).toBe(0);
  });

  it('refuses a write for a set of companies: it has no one owner (5)', async () => {
    const db = t.database.db;
    expect(await refusal(insertGroup(db, both, 1, 'Nowhere'))).toBe(ErrorCode.NO_PERMISSION);
    expect(await refusal(ensureTags(db, both, ['nowhere']))).toBe(ErrorCode.NO_PERMISSION);
    const actor = { scope: both, userId: a.members.owner.userId } as Actor;
    const assign = { sns: ['NOWHERE1'], level: 'ESSENTIALS' as const, idempotencyKey: 'scope-set-0001' };
    expect(await refusal(assignDeviceLicences(t.deps, actor, assign))).toBe(ErrorCode.NO_PERMISSION);
    const autoRenew = { enabled: true, period: 2 };
    expect(await refusal(saveCompanyAutoRenew(db, both, autoRenew, new Date()))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    const pool = { db: t.deps.db, clock: t.deps.clock, hub: t.deps.hub };
    const packages = { quantity: 1, idempotencyKey: 'scope-set-pool1' };
    expect(await refusal(addDataPackages(pool, actor, packages))).toBe(ErrorCode.NO_PERMISSION);
    expect(await refusal(saveSettings(pool, actor, { lowPercent: 50 }))).toBe(ErrorCode.NO_PERMISSION);
    expect((await listGroups(db, both)).map((g) => g.groupName)).not.toContain('Nowhere');
  });
});

describe('a set of two companies', () => {
  it('lists, counts and exports the devices of both, never a third company’s', async () => {
    const db = t.database.db;
    const page = DeviceListQuerySchema.parse({ pageNum: 1, pageSize: 20 });
    const fleet = await listDevices(db, both, page);
    expect(sorted(fleet.list.map((d) => d.sn))).toEqual([SN.a, SN.b]);
    expect(fleet.total).toBe(2);
    const searched = await listDevices(db, both, { ...page, search: 'router' });
    expect(sorted(searched.list.map((d) => d.sn))).toEqual([SN.a, SN.b]);
    expect((await listDevices(db, companyScope(a.companyId), page)).list.map((d) => d.sn)).toEqual([SN.a]);

    expect(sorted(await ownedSns(db, both, Object.values(SN)))).toEqual([SN.a, SN.b]);
    expect((await getCompanyDevice(db, both, SN.b)).name).toBe('Beta router');
    expect(await refusal(getCompanyDevice(db, both, SN.c))).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect(await findGatewayState(db, both, SN.a)).toBeDefined();
    expect(await findGatewayState(db, both, SN.c)).toBeUndefined();
    // Their own SNs are "already registered" (120028); the third company's only "exists" (120003).
    expect(Object.fromEntries(await existingDevices(db, both, Object.values(SN)))).toEqual({
      [SN.a]: ErrorCode.DEVICE_ALREADY_REGISTERED,
      [SN.b]: ErrorCode.DEVICE_ALREADY_REGISTERED,
      [SN.c]: ErrorCode.DEVICE_SN_EXISTS,
    });

    const exportFilter = DeviceExportFilterSchema.parse({});
    expect(await deviceExportSource.count(db, both, exportFilter, 100)).toBe(2);
    const exported = await deviceExportSource.rows(db, both, exportFilter, 0, 100);
    expect(sorted(exported.map((d) => d.sn))).toEqual([SN.a, SN.b]);
  });

  it('reads what the devices of both reported, and nothing of the third’s', async () => {
    const db = t.database.db;
    for (const sn of [SN.a, SN.b]) {
      expect(await reports.listTelemetry(db, both, sn)).toHaveLength(2);
      expect(await reports.findDeviceConfig(db, both, sn)).toBeDefined();
      expect(await reports.findDeviceStatus(db, both, sn)).toHaveLength(1);
      const window = { scope: both, sn, start: new Date(0), end: t.clock.now(), pageNum: 1, pageSize: 10 };
      expect((await pageDeviceEvents(db, window)).total).toBe(1);
      expect((await pageDeviceSyslog(db, window)).total).toBe(1);
      expect((await findUpdateCommands(db, both, sn, 'firmware', 0, 10)).total).toBe(1);
      expect(await lastAppList(db, both, sn)).not.toBeNull();
    }
    const window = {
      scope: both,
      sn: SN.c,
      start: new Date(0),
      end: t.clock.now(),
      pageNum: 1,
      pageSize: 10,
    };
    expect(await reports.listTelemetry(db, both, SN.c)).toEqual([]);
    expect(await reports.findDeviceConfig(db, both, SN.c)).toBeUndefined();
    expect(await reports.findDeviceStatus(db, both, SN.c)).toEqual([]);
    expect((await pageDeviceEvents(db, window)).total).toBe(0);
    expect((await pageDeviceSyslog(db, window)).total).toBe(0);
    expect((await findUpdateCommands(db, both, SN.c, 'firmware', 0, 10)).total).toBe(0);
    expect(await lastAppList(db, both, SN.c)).toBeNull();
  });

  it('draws the dashboard over both companies’ devices', async () => {
    const db = t.database.db;
    expect(await deviceTotals(db, both)).toEqual({ total: 2, online: 0 });
    expect(await countDevicesBy(db, both, 'model')).toEqual([{ key: 'R3000-Q', count: 2 }]);
    const located = await deviceLocationRows(db, both, ['gps'], undefined);
    expect(sorted(located.map((r) => r.sn))).toEqual([SN.a, SN.b]);
    const range = { start: new Date(t.clock.now().getTime() - 2 * HOUR), end: t.clock.now() };
    const top = await topUsage(db, both, range, 10);
    expect(top.map((r) => [r.sn, r.totalBytes]).sort()).toEqual([
      [SN.a, 40],
      [SN.b, 40],
    ]);
    const usage = await usageSeries(db, both, range);
    expect(usage.reduce((sum, r) => sum + r.rxBytes + r.txBytes, 0)).toBe(80);
    expect((await signalSeries(db, both, range)).some((r) => r.rssi === -70)).toBe(true);
  });

  it('shows both companies’ notifications, each read state by its own company’s cursor', async () => {
    const db = t.database.db;
    const userId = b.members.owner.userId;
    // Everything of Beta (the newer notification) read; Alpha's untouched, though older than Beta's cursor.
    await notifications.markAllRead(db, { scope: companyScope(b.companyId), userId }, undefined);
    const reader = { scope: both, userId };
    const { rows, total } = await notifications.listNotifications(db, reader, {}, 0, 50);
    expect(total).toBe(2);
    expect(Object.fromEntries(rows.map((r) => [r.sn, r.unread]))).toEqual({ [SN.a]: true, [SN.b]: false });
    expect((await notifications.unreadCount(db, reader)).total).toBe(1);
    const alerts = await unreadAlertsByGroup(db, both, await notifications.readCursors(db, reader));
    expect(alerts.reduce((sum, r) => sum + r.count, 0)).toBe(1);
  });

  it('lists the people, invitations, files and jobs of both', async () => {
    const db = t.database.db;
    const people = await users.listMembers(db, both, {}, 0, 100);
    const accounts = people.list.map((m) => m.login_account);
    expect(accounts).toEqual(expect.arrayContaining(['owner@alpha.example', 'owner@beta.example']));
    expect(accounts).not.toContain('owner@gamma.example');
    const [peopleA, peopleB] = await Promise.all(
      [a, b].map((x) => users.listMembers(db, companyScope(x.companyId), {}, 0, 100)),
    );
    expect(people.total).toBe(peopleA!.total + peopleB!.total);
    expect(await account.countMembers(db, both)).toBe(people.total);
    expect((await account.listMembers(db, both, 0, 100)).length).toBe(people.total);
    expect(await users.findMember(db, both, b.members.owner.userId)).toBeDefined();
    expect(await users.findMember(db, both, c.userId)).toBeUndefined();
    expect(await account.findMembership(db, both, c.userId)).toBeUndefined();
    expect(await users.findRoleInCompany(db, both, b.roles.administrator)).toBeDefined();
    expect(
      await users.findRoleInCompany(db, both, (await defaultRoles(t, c.companyId)).administrator),
    ).toBeUndefined();
    expect(await account.hasRelations(db, companyScope(a.companyId))).toBe(false);
    expect(await account.hasRelations(db, both)).toBe(true);

    const invited = await listInvitations(db, both, 0, 100);
    expect(sorted(invited.list.map((i) => i.email))).toEqual([
      'invitee@Alpha.example',
      'invitee@Beta.example',
    ]);

    expect(await findCompanyFile(db, both, fileOf.get(b.companyId)!)).toBeDefined();
    expect(await findCompanyFile(db, both, fileOf.get(c.companyId)!)).toBeUndefined();
    const jobs = await listVisibleJobs(
      db,
      { scope: both, userId: a.members.owner.userId },
      { limit: 100, offset: 0 },
    );
    const mine = jobs.rows.filter((j) => j.kind === 'scope.test');
    expect(mine.map((j) => Number(j.company_id)).sort()).toEqual([a.companyId, b.companyId].sort());
  });

  it('lists the purchase orders both placed, and those placed with either, never a third’s', async () => {
    const db = t.database.db;
    const at = t.clock.now();
    const place = (buyer: number, seller: number | null, key: string) =>
      db.transaction().execute((tx) =>
        insertOrder(tx, {
          buyerCompanyId: buyer,
          sellerCompanyId: seller,
          product: 'ESSENTIAL',
          quantity: 12,
          unitPriceCents: null,
          note: key,
          idempotencyKey: key,
          placedByUserId: c.userId,
          at,
        }),
      );
    await place(a.companyId, null, 'scope-order-a');
    await place(b.companyId, null, 'scope-order-b');
    await place(c.companyId, b.companyId, 'scope-order-c-with-b');
    await place(c.companyId, null, 'scope-order-c');
    const notes = async (side: 'buyer' | 'seller') =>
      sorted((await orderPage(db, { side, scope: both }, {}, 0, 100)).list.map((o) => o.note ?? ''));
    expect(await notes('buyer')).toEqual(['scope-order-a', 'scope-order-b']);
    expect(await notes('seller')).toEqual(['scope-order-c-with-b']);
    expect(await refusal(() => customerOfSeller(db, both, c.companyId))).toBe(ErrorCode.NO_PERMISSION);
  });

  it('lists the notices both wrote, and what reaches a customer through its partner link alone', async () => {
    const db = t.database.db;
    const page = await notices.noticePage(db, both, {}, 0, 10);
    expect(sorted(page.list.map((n) => n.name))).toEqual(['Alpha notice', 'Beta notice']);
    const gamma = await notices.noticePage(db, companyScope(c.companyId), {}, 0, 10);
    expect(await notices.findNotice(db, both, gamma.list[0]!.noticeId)).toBeUndefined();
    // Gamma is Beta's customer: it reads Beta's notice, and neither Alpha's nor its own.
    const received = await notices.receivedPage(db, companyScope(c.companyId), c.userId, {}, 0, 10);
    expect(received.list.map((n) => n.name)).toEqual(['Beta notice']);
    expect((await notices.receivedPage(db, both, a.members.owner.userId, {}, 0, 10)).total).toBe(0);
  });

  it("lists the own apps of both in the app centre, never a third company's, and adds none for the set (5)", async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const ids = new Map<number, number>();
    for (const [companyId, name] of [
      [a.companyId, 'Alpha'],
      [b.companyId, 'Beta'],
      [c.companyId, 'Gamma'],
    ] as const) {
      const pkg = await db
        .insertInto('app_package')
        .values({
          company_id: companyId,
          kind: 'app',
          package_name: `${name.toLowerCase()}-app`,
          series: 'r1520',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const version = await db
        .insertInto('app_package_version')
        .values({
          package_id: pkg.id,
          version: '1.0',
          name: `${name} app`,
          models: JSON.stringify(['R1520']),
          file_id: fileOf.get(companyId)!,
          logo_file_id: null,
          document_file_ids: JSON.stringify([]),
          release_notes: '',
          target: null,
          published: false,
          published_at: null,
          created_by: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(companyId, Number(version.id));
    }
    const viewer = { kind: 'company' as const, scope: both };
    const page = await packagePage(db, viewer, PackageFilterSchema.parse({}));
    expect(sorted(page.rows.map((r) => r.name))).toEqual(['Alpha app', 'Beta app']);
    const gamma = await packagePage(
      db,
      { kind: 'company', scope: companyScope(c.companyId) },
      PackageFilterSchema.parse({}),
    );
    expect(await visiblePackage(db, viewer, gamma.rows[0]!.packageId)).toBeUndefined();
    // Managing a version names one owner: the set owns none.
    expect(await refusal(() => ownedVersion(db, viewer, ids.get(a.companyId)!))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    const body = {
      kind: 'app' as const,
      name: 'Set app',
      version: '1.0',
      packageName: 'set-app',
      series: 'r1520' as const,
      models: ['R1520'],
      fileId: fileOf.get(a.companyId)!,
      logoFileId: null,
      documentFileIds: [],
      releaseNotes: '',
    };
    expect(await refusal(() => addVersion(t.deps, { viewer, userId: 1 }, body))).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });

  it('refuses every write for the set (5), and nothing changes', async () => {
    const db = t.database.db;
    const userId = a.members.administrator.userId;
    const now = t.clock.now();
    const device = { sn: 'SCOPEX0000001', name: 'x', model: '', mac: null, imei: null, tags: [] };
    const writes: [string, () => unknown][] = [
      ['register a device', () => registerDevices(db, both, [device], now)],
      ['edit a device', () => updateDeviceFields(db, both, SN.a, { name: 'Renamed' }, now)],
      ['delete a device', () => deleteDeviceRows(db, both, SN.a)],
      ['delete devices', () => deleteDevices(t.deps, { scope: both, userId: 1 }, [SN.a], 'en')],
      ['transfer a device', () => moveDeviceRows(db, both, SN.a, c.companyId, now)],
      ['send a command', () => createRemoteActions(t.deps).act(both, SN.a, 'reboot', {})],
      ['request syslog', () => createRemoteActions(t.deps).requestSyslog(both, SN.a, 10)],
      ['mark read', () => notifications.markRead(db, { scope: both, userId }, [1])],
      ['mark all read', () => notifications.markAllRead(db, { scope: both, userId }, undefined)],
      ['change a role', () => users.setMemberRole(db, both, userId, a.roles.readOnly)],
      ['disable a user', () => users.setMemberStatus(db, both, userId, 0)],
      ['remove a member', () => account.removeMembership(db, both, userId)],
      [
        'invite',
        () =>
          insertInvitation(db, both, {
            email: 'x@x.example',
            roleId: 1,
            token: 'x',
            inviterId: userId,
            now,
            expiresAt: now,
          }),
      ],
      ['show the account', () => account.findCompany(db, both)],
      ['rename the account', () => account.updateCompany(db, both, { country: 'NZ' })],
      ['keep export records', () => recordOwner({ scope: both, userId })],
      ['find a customer', () => customers.customerScope(db, both, c.companyId, 'direct')],
      ['link a customer', () => customers.linkCustomer(db, both, companyScope(c.companyId), now)],
      ['edit a customer', () => customers.updateCustomerFields(db, both, { country: 'NZ' })],
      ['list customers', () => customers.countCustomers(db, both, {})],
      ['read a quota', () => quotas.findQuota(db, both)],
      ['walk the partner chain', () => quotas.chainOf(db, both)],
      [
        'set a quota',
        () =>
          inTransaction(db, (tx) =>
            quotas.saveQuota(
              tx,
              both,
              { devices: 1, apiCallsPerSecond: null, licences: [] },
              { companyId: null, userId, at: now },
            ),
          ),
      ],
      [
        'write a notice',
        () =>
          notices.insertNotice(
            db,
            both,
            { name: 'x', topic: 'x', content: 'x', audience: 'all', customerIds: [] },
            { userId, at: now },
          ),
      ],
      ['publish a notice', () => notices.setNoticeState(db, both, 1, 'published', now)],
      ['read the branding', () => ownBranding(db, both)],
      [
        'save a branding',
        () =>
          saveBranding(
            db,
            both,
            {
              appName: 'x',
              logoFileId: null,
              logoKey: null,
              logoType: null,
              vpnName: null,
              bannerFileId: null,
            },
            now,
          ),
      ],
      ['read a notice', () => notices.markRead(db, both, userId, [1], now)],
      [
        'save an alert e-mail',
        () =>
          saveAlertEmailRow(
            db,
            both,
            {
              type: 'vpnDataLow',
              subject: 'x',
              senderName: 'x',
              supportEmail: 'x@x.example',
              bannerFileId: null,
              enabled: true,
            },
            now,
          ),
      ],
      [
        'save an SMTP server',
        () =>
          saveSmtpRow(
            db,
            both,
            {
              senderEmail: 'x@x.example',
              host: 'x',
              port: 25,
              security: 'none',
              username: '',
              passwordSealed: null,
            },
            now,
          ),
      ],
    ];
    for (const [what, write] of writes)
      expect([what, await refusal(write)]).toEqual([what, ErrorCode.NO_PERMISSION]);
    const page = DeviceListQuerySchema.parse({ pageNum: 1, pageSize: 20 });
    const fleet = await listDevices(db, both, page);
    expect(fleet.list.map((d) => d.name).sort()).toEqual(['Alpha router', 'Beta router']);
    expect(await users.findMember(db, both, userId)).toMatchObject({ status: 1 });
  });
});

describe('router alerts', () => {
  it('list the rules and alerts of both companies of a set, never a third’s, and refuse writes for the set (5)', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const rule = (name: string) =>
      AlertRuleInputSchema.parse({
        name: `${name} offline`,
        level: 'major',
        targets: { mode: 'all' },
        conditionMode: 'any',
        conditions: [{ type: 'offline', minutes: 5, clearMinutes: 1 }],
        triggerVolume: 1,
        triggerInterval: { value: 1, unit: 'minute' },
        pendingMinutes: 0,
        email: { enabled: false, receivers: 'allUsers' },
      });
    for (const [companyId, sn, name] of [
      [a.companyId, SN.a, 'Alpha'],
      [b.companyId, SN.b, 'Beta'],
      [c.companyId, SN.c, 'Gamma'],
    ] as const) {
      const ruleId = await alertRules.insertRule(
        db,
        companyScope(companyId),
        rule(name),
        a.members.owner.userId,
        now,
      );
      await alerts.insertAlert(db, {
        companyId,
        ruleId,
        sn,
        conditionKey: '0',
        state: 'firing',
        at: now,
        value: 6,
      });
    }
    const reader = { scope: both, userId: a.members.owner.userId };
    const page = { pageNum: 1, pageSize: 50 };
    const ruleNames = (await alertRules.listRules(db, both, page)).list.map((r) => r.name).sort();
    expect(ruleNames).toEqual(['Alpha offline', 'Beta offline']);
    const listed = await alerts.listAlerts(db, reader, AlertFilterSchema.parse(page));
    expect(listed.rows.map((r) => r.sn).sort()).toEqual([SN.a, SN.b]);
    expect(await alerts.unreadFiringCount(db, reader)).toBe(2);
    const byGroup = await alerts.unreadFiringByGroup(db, reader);
    expect(byGroup.reduce((n, g) => n + g.count, 0)).toBe(2);
    const id = Number(listed.rows[0]!.id);
    for (const write of [
      () => alertRules.insertRule(db, both, rule('Set'), a.members.owner.userId, now),
      () => alerts.markAlertsRead(db, reader, 'all'),
      () => alerts.acknowledgeAlert(db, reader, id, 'set', now),
    ])
      expect(await refusal(write)).toBe(ErrorCode.NO_PERMISSION);
    expect(await alerts.unreadFiringCount(db, reader)).toBe(2);
  });
});

describe('webhooks', () => {
  it('list the destinations and deliveries of both companies of a set, never a third’s, and refuse writes for the set (5)', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const ids = new Map<number, number>();
    for (const [companyId, name] of [
      [a.companyId, 'alpha'],
      [b.companyId, 'beta'],
      [c.companyId, 'gamma'],
    ] as const) {
      const hook = await webhooks.insertWebhook(
        db,
        companyScope(companyId),
        {
          url: `https://${name}.example/hook`,
          secretSealed: 'sealed',
          eventTypes: ['alert.firing'],
          enabled: true,
          createdBy: a.members.owner.userId,
        },
        now,
      );
      ids.set(companyId, hook.id);
      await webhooks.insertDelivery(db, {
        webhookId: hook.id,
        companyId,
        cursor: 1,
        eventId: `${companyId}-1`,
        eventType: 'alert.firing',
        attempt: 1,
        ok: true,
        status: 204,
        error: null,
        durationMs: 3,
        at: now,
      });
    }
    const urls = (await webhooks.listWebhooks(db, both)).map((r) => r.webhook.url).sort();
    expect(urls).toEqual(['https://alpha.example/hook', 'https://beta.example/hook']);
    expect(await webhooks.findWebhook(db, both, ids.get(b.companyId)!)).toBeDefined();
    expect(await webhooks.findWebhook(db, both, ids.get(c.companyId)!)).toBeUndefined();
    const page = { pageNum: 1, pageSize: 20 };
    expect((await webhooks.deliveryPage(db, both, ids.get(b.companyId)!, page)).total).toBe(1);
    expect((await webhooks.deliveryPage(db, both, ids.get(c.companyId)!, page)).total).toBe(0);
    const values = { url: 'https://set.example', eventTypes: ['alert.firing' as const], enabled: true };
    for (const write of [
      () => webhooks.insertWebhook(db, both, { ...values, secretSealed: 's', createdBy: 1 }, now),
      () => webhooks.updateWebhookRow(db, both, ids.get(a.companyId)!, values, now),
      () => webhooks.deleteWebhookRow(db, both, ids.get(a.companyId)!),
      () => webhooks.countWebhooks(db, both),
    ])
      expect(await refusal(write)).toBe(ErrorCode.NO_PERMISSION);
    expect((await webhooks.listWebhooks(db, both)).map((r) => r.webhook.url).sort()).toEqual(urls);
  });
});

describe('notification choices', () => {
  it("are one person's in one company: read and written in the owning company alone, refused for a set (5)", async () => {
    const db = t.database.db;
    const person = { userId: a.members.owner.userId };
    const off = [
      { category: 'alerts' as const, level: 'major' as const, channel: 'email' as const, enabled: false },
    ];
    await choices.saveChoices(db, { ...person, scope: companyScope(a.companyId) }, off, t.clock.now());
    const mine = await choices.choicesOf(db, { ...person, scope: companyScope(a.companyId) });
    expect(mine.filter((c) => !c.enabled)).toEqual(off);
    // The same person id in another company's scope reads that company's (none set: all on).
    expect(
      (await choices.choicesOf(db, { ...person, scope: companyScope(b.companyId) })).every((c) => c.enabled),
    ).toBe(true);
    expect(
      (await choices.switchedOff(db, b.companyId, 'email')).muted(person.userId, 'alerts', 'major'),
    ).toBe(false);
    expect(
      (await choices.switchedOff(db, a.companyId, 'email')).muted(person.userId, 'alerts', 'major'),
    ).toBe(true);
    for (const call of [
      () => choices.choicesOf(db, { ...person, scope: both }),
      () => choices.saveChoices(db, { ...person, scope: both }, off, t.clock.now()),
    ])
      expect(await refusal(call)).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('IoT connectors', () => {
  it('list the connectors and routers of both companies of a set, never a third’s, and write none for the set (5)', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const ids = new Map<number, number>();
    for (const [companyId, name, sn] of [
      [a.companyId, 'Alpha', SN.a],
      [b.companyId, 'Beta', SN.b],
      [c.companyId, 'Gamma', SN.c],
    ] as const) {
      const scope = companyScope(companyId);
      const values = {
        name: `${name} connector`,
        kind: 'https',
        applicationUrl: `https://${name}.example/ingest`,
        idScope: null,
        template: null,
        interfaceId: null,
        tokenName: 'Authorization',
        tokenSealed: 'sealed',
        tokenMask: 'mask',
      };
      const id = await iot.insertConnector(db, scope, values, a.members.owner.userId, now);
      ids.set(companyId, id);
      await iot.bindRouters(db, scope, id, [sn], now);
    }
    const names = (await iot.listConnectors(db, both)).map((r) => r.name).sort();
    expect(names).toEqual(['Alpha connector', 'Beta connector']);
    expect(await iot.findConnector(db, both, ids.get(b.companyId)!)).toBeDefined();
    expect(await iot.findConnector(db, both, ids.get(c.companyId)!)).toBeUndefined();
    expect((await iot.connectorRouters(db, both, ids.get(b.companyId)!)).map((r) => r.sn)).toEqual([SN.b]);
    expect(await iot.connectorRouters(db, both, ids.get(c.companyId)!)).toEqual([]);
    const alpha = ids.get(a.companyId)!;
    const values = (await iot.findConnector(db, both, alpha))!;
    for (const write of [
      () => iot.insertConnector(db, both, values, 1, now),
      () => iot.updateConnector(db, both, alpha, values, now),
      () => iot.deleteConnector(db, both, alpha),
      () => iot.bindRouters(db, both, alpha, [SN.b], now),
      () => iot.unbindRouters(db, both, alpha, [SN.a]),
      () => iot.lockConnector(db, both, alpha),
      () => iot.nameTaken(db, both, 'Alpha connector'),
      () => iot.ownDevices(db, both, [SN.a]),
      () => saveMapKeys(db, both, { jsKey: 's', serverKey: null, hardwareKey: null, updatedAt: now }),
    ])
      expect(await refusal(write)).toBe(ErrorCode.NO_PERMISSION);
    expect((await iot.listConnectors(db, both)).map((r) => r.name).sort()).toEqual(names);
    expect((await iot.connectorRouters(db, both, alpha)).map((r) => r.sn)).toEqual([SN.a]);
    expect((await mapKeysOf(db, [a.companyId, b.companyId])).size).toBe(0);
  });
});

describe('reports', () => {
  it('list the reports and custom reports of both companies of a set, never a third’s, and refuse writes for the set (5)', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const ids = new Map<number, { report: number; custom: number }>();
    for (const [companyId, name] of [
      [a.companyId, 'alpha'],
      [b.companyId, 'beta'],
      [c.companyId, 'gamma'],
    ] as const) {
      const custom = await reportStore.insertCustomReport(db, companyScope(companyId), {
        name: `${name} columns`,
        description: '',
        type: 'dataUsage',
        fields: ['sn'],
        by: a.members.owner.userId,
        at: now,
      });
      const report = await reportStore.insertReport(
        db,
        companyScope(companyId),
        {
          name: `${name} usage`,
          type: 'dataUsage',
          customReportId: custom.customReportId,
          generation: 'periodic',
          frequency: 'daily',
          scheduleTime: '00:10',
          startTime: null,
          endTime: null,
          targets: { mode: 'devices', sns: ['X'] },
          fileName: name,
          enabled: false,
          nextRunAt: null,
        },
        a.members.owner.userId,
        now,
      );
      ids.set(companyId, { report: report.reportId, custom: custom.customReportId });
    }
    const names = (await reportStore.listReports(db, both, 0, 50)).list.map((r) => r.name).sort();
    expect(names).toEqual(['alpha usage', 'beta usage']);
    const customs = (await reportStore.listCustomReports(db, both)).map((r) => r.name).sort();
    expect(customs).toEqual(['alpha columns', 'beta columns']);
    expect(await reportStore.findReport(db, both, ids.get(b.companyId)!.report)).toBeDefined();
    expect(await reportStore.findReport(db, both, ids.get(c.companyId)!.report)).toBeUndefined();
    expect(await reportStore.findCustomReport(db, both, ids.get(c.companyId)!.custom)).toBeUndefined();
    for (const write of [
      () => reportStore.countReports(db, both),
      () => reportStore.deleteReport(db, both, ids.get(a.companyId)!.report),
      () => reportStore.deleteCustomReport(db, both, ids.get(a.companyId)!.custom),
      () => reportStore.customReportInUse(db, both, ids.get(a.companyId)!.custom),
    ])
      expect(await refusal(write)).toBe(ErrorCode.NO_PERMISSION);
    expect((await reportStore.listReports(db, both, 0, 50)).list.map((r) => r.name).sort()).toEqual(names);
  });
});

describe('point tables', () => {
  it('list and find the tables of both companies of a set, never a third’s, and write none for the set (5)', async () => {
    const db = t.database.db;
    const ids = new Map<number, number>();
    for (const [companyId, name] of [
      [a.companyId, 'alpha meter'],
      [b.companyId, 'beta meter'],
      [c.companyId, 'gamma meter'],
    ] as const) {
      const table = PointTableInputSchema.parse({
        name,
        protocol: 'modbusTcp',
        connectionType: 'tcp',
        slaveIp: '10.0.0.1',
        slaveId: 1,
        points: [{ name: 'v', functionCode: 3, address: 0, dataType: 'FLOAT' }],
      });
      ids.set(
        companyId,
        await pointTableStore.insertPointTable(db, companyScope(companyId), table, t.clock.now()),
      );
    }
    const page = await pointTableStore.listPointTables(db, both, { pageNum: 1, pageSize: 50 });
    expect(page.list.map((r) => r.name).sort()).toEqual(['alpha meter', 'beta meter']);
    expect((await pointTableStore.findPointTable(db, both, ids.get(b.companyId)!)).name).toBe('beta meter');
    expect(await refusal(() => pointTableStore.findPointTable(db, both, ids.get(c.companyId)!))).toBe(
      ErrorCode.POINT_TABLE_NOT_FOUND,
    );
    const fields = PointTableInputSchema.parse({
      name: 'x',
      protocol: 'modbusTcp',
      connectionType: 'tcp',
      slaveIp: '10.0.0.1',
      slaveId: 1,
    });
    for (const write of [
      () => pointTableStore.insertPointTable(db, both, fields, t.clock.now()),
      () => pointTableStore.updatePointTable(db, both, ids.get(a.companyId)!, fields, t.clock.now()),
      () => pointTableStore.deletePointTable(db, both, ids.get(a.companyId)!),
      () => pointTableStore.pointTableNamed(db, both, 'alpha meter'),
    ])
      expect(await refusal(write)).toBe(ErrorCode.NO_PERMISSION);
    expect((await pointTableStore.listPointTables(db, both, { pageNum: 1, pageSize: 50 })).total).toBe(2);
  });
});

describe('products and endpoints', () => {
  it('list and find the products and endpoints of both companies of a set, never a third’s, and write none for the set (5)', async () => {
    const db = t.database.db;
    const products = new Map<number, number>();
    const endpoints = new Map<number, number>();
    const table = PointTableInputSchema.parse({
      name: 'scope products',
      protocol: 'modbusTcp',
      connectionType: 'tcp',
      slaveIp: '10.0.0.1',
      slaveId: 1,
      points: [{ name: 'v', functionCode: 3, address: 0, dataType: 'FLOAT' }],
    });
    const values = (name: string): productStore.ProductRowValues => ({
      name,
      logoFileId: null,
      type: 'meter',
      southboundApp: 'modbus_master',
      points: [],
      reportGroups: [],
      parameters: [],
      parametersSaved: true,
      tags: [],
      locationMethods: [],
      controls: [],
    });
    const endpoint = (productId: number, sn: string) => ({
      endpointId: `EP${sn}`,
      name: sn,
      description: '',
      productId,
      groupId: null,
      gatewaySn: sn,
      connectionMethod: 'tcp' as const,
      targetVersion: '',
    });
    for (const [companyId, name, sn] of [
      [a.companyId, 'alpha product', SN.a],
      [b.companyId, 'beta product', SN.b],
      [c.companyId, 'gamma product', SN.c],
    ] as const) {
      const scope = companyScope(companyId);
      const tableId = await pointTableStore.insertPointTable(db, scope, table, t.clock.now());
      const productId = await productStore.insertProduct(db, scope, tableId, values(name), t.clock.now());
      products.set(companyId, productId);
      const [endpointId] = await endpointStore.insertEndpoints(
        db,
        scope,
        [endpoint(productId, sn)],
        t.clock.now(),
      );
      endpoints.set(companyId, endpointId!);
    }
    const page = await productStore.listProducts(db, both, { pageNum: 1, pageSize: 50 });
    expect(page.list.map((r) => r.name).sort()).toEqual(['alpha product', 'beta product']);
    expect((await productStore.listSimpleProducts(db, both, undefined)).length).toBe(2);
    expect((await productStore.findProduct(db, both, products.get(b.companyId)!)).name).toBe('beta product');
    expect(await refusal(() => productStore.findProduct(db, both, products.get(c.companyId)!))).toBe(
      ErrorCode.PRODUCT_NOT_FOUND,
    );
    const list = await endpointStore.listEndpoints(db, both, { pageNum: 1, pageSize: 50 });
    expect(list.list.map((e) => e.gatewaySn).sort()).toEqual([SN.a, SN.b]);
    expect((await endpointStore.findEndpoint(db, both, endpoints.get(b.companyId)!)).gatewaySn).toBe(SN.b);
    expect(await refusal(() => endpointStore.findEndpoint(db, both, endpoints.get(c.companyId)!))).toBe(
      ErrorCode.ENDPOINT_NOT_FOUND,
    );
    const productA = products.get(a.companyId)!;
    for (const write of [
      () => productStore.insertProduct(db, both, 1, values('x'), t.clock.now()),
      () => productStore.updateProduct(db, both, productA, values('x'), t.clock.now()),
      () => productStore.markProductEnabled(db, both, productA, t.clock.now()),
      () => productStore.deleteProduct(db, both, productA),
      () => productStore.productNamed(db, both, 'alpha product'),
      () => endpointStore.insertEndpoints(db, both, [endpoint(productA, SN.a)], t.clock.now()),
      () =>
        endpointStore.updateEndpoint(
          db,
          both,
          endpoints.get(a.companyId)!,
          endpoint(productA, SN.a),
          t.clock.now(),
        ),
      () => endpointStore.deleteEndpoints(db, both, [endpoints.get(a.companyId)!]),
      () => endpointStore.takenEndpointIds(db, both, ['x']),
      () => endpointStore.gatewayHasProduct(db, both, SN.a, productA),
    ])
      expect(await refusal(write)).toBe(ErrorCode.NO_PERMISSION);
    expect((await endpointStore.listEndpoints(db, both, { pageNum: 1, pageSize: 50 })).total).toBe(2);
  });
});

describe('my customers', () => {
  it('reach a customer only through its partner link: Beta finds Gamma, Alpha does not', async () => {
    const db = t.database.db;
    expect(await customers.customerScope(db, companyScope(b.companyId), c.companyId, 'direct')).toEqual(
      companyScope(c.companyId),
    );
    expect(await customers.customerScope(db, companyScope(a.companyId), c.companyId, 'direct')).toBeNull();
    expect(await customers.customerScope(db, companyScope(a.companyId), c.companyId, 'tree')).toBeNull();
    // The tree runs downwards only: Gamma does not reach its partner Beta.
    expect(await customers.customerScope(db, companyScope(c.companyId), b.companyId, 'tree')).toBeNull();
    expect(await customers.countCustomers(db, companyScope(b.companyId), {})).toBe(1);
    expect(await customers.countCustomers(db, companyScope(a.companyId), {})).toBe(0);
  });

  it('count the devices and licences of a page of customers, and nothing of a company off the page', async () => {
    const db = t.database.db;
    expect(Object.fromEntries(await customers.deviceCounts(db, both))).toEqual({
      [a.companyId]: 1,
      [b.companyId]: 1,
    });
    const unused = await customers.unusedByCompany(db, both);
    expect(unused.map((u) => [u.companyId, u.count]).sort()).toEqual(
      [
        [a.companyId, 3],
        [b.companyId, 4],
      ].sort(),
    );
    const licenced = await customers.licencedByCompany(db, both, t.clock.now());
    expect(licenced.every((l) => l.companyId !== c.companyId)).toBe(true);
  });
});

describe('configuration change-sets', () => {
  it('list those of both companies’ devices, never a third’s, and apply none for the set (5)', async () => {
    const db = t.database.db;
    const at = t.clock.now();
    for (const [companyId, sn] of [
      [a.companyId, SN.a],
      [b.companyId, SN.b],
      [c.companyId, SN.c],
    ] as const) {
      await insertChangeSet(db, companyScope(companyId), {
        id: `scope-change-${sn}`,
        sn,
        sections: {},
        differences: [],
        xml: '<config></config>',
        confirmSeconds: 120,
        createdBy: a.members.owner.userId,
        at,
        source: 'user',
      });
    }
    expect(
      (await pageChangeSets(db, both, SN.a, { pageNum: 1, pageSize: 10 })).list.map((r) => r.id),
    ).toEqual([`scope-change-${SN.a}`]);
    expect((await findOpenChangeSet(db, both, SN.b))?.id).toBe(`scope-change-${SN.b}`);
    expect((await pageChangeSets(db, both, SN.c, { pageNum: 1, pageSize: 10 })).total).toBe(0);
    expect(await findOpenChangeSet(db, both, SN.c)).toBeUndefined();
    const actor = { scope: both, userId: a.members.owner.userId } as Actor;
    const input = {
      sn: SN.a,
      sections: { 'services/ssh': { enabled: false, port: 22 } },
      confirmSeconds: 120,
      immediately: false,
    };
    expect(await refusal(applyChangeSet(t.deps, actor, input))).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('zero-touch templates', () => {
  it('list the templates and provisioning of both companies, never a third’s, and save none for the set (5)', async () => {
    const db = t.database.db;
    const at = t.clock.now();
    const values = (name: string) => ({
      name,
      series: 'r1520',
      type: 'DIRECT' as const,
      models: [],
      firmwareVersionId: null,
      appVersionIds: [],
      configXml: '<config></config>',
      configFileName: 'scope.xml',
      enabled: true,
      origin: 'http://scope.example',
    });
    const ids = new Map<number, number>();
    for (const [companyId, sn] of [
      [a.companyId, SN.a],
      [b.companyId, SN.b],
      [c.companyId, SN.c],
    ] as const) {
      const id = await insertTemplate(
        db,
        companyScope(companyId),
        values(`Scope_${sn}`),
        a.members.owner.userId,
        at,
      );
      ids.set(companyId, id);
      await insertProvisioning(
        db,
        { companyId, sn, templateId: id, templateName: `Scope_${sn}`, state: 'running', at },
        [{ kind: 'configuration', versionId: null, target: 'scope.xml', state: 'running' }],
      );
    }
    const page = await pageTemplates(db, both, { pageNum: 1, pageSize: 10 });
    expect(page.rows.map((r) => r.name).sort()).toEqual([`Scope_${SN.a}`, `Scope_${SN.b}`]);
    expect(await findTemplate(db, both, ids.get(c.companyId)!)).toBeUndefined();
    expect((await applyingCounts(db, both, [...ids.values()])).size).toBe(2);
    const runs = await pageProvisioning(db, both, { pageNum: 1, pageSize: 10 });
    expect(runs.rows.map((r) => r.sn).sort()).toEqual([SN.a, SN.b].sort());
    expect(await refusal(insertTemplate(db, both, values('Scope_set'), a.members.owner.userId, at))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect(await refusal(deleteTemplate(db, both, ids.get(a.companyId)!))).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('VPN groups and service clients', () => {
  it('list those of both companies, never a third’s, and create, add or delete none for the set (5)', async () => {
    const db = t.database.db;
    const settings = {
      region: 'EUR',
      protocol: 'udp' as const,
      pingInterval: 10,
      pingRetry: 12,
      mtu: 1500,
      fragment: 1400,
      cipher: 'AES-256-GCM' as const,
      dataLimitMb: 10,
      cycle: 'month' as const,
      siteIpAccessType: 'REAL_IP' as const,
      networkPrefix: 28,
    };
    const ids = new Map<number, number>();
    for (const [companyId, name] of [
      [a.companyId, 'Scope A'],
      [b.companyId, 'Scope B'],
      [c.companyId, 'Scope C'],
    ] as const) {
      const actor = { scope: companyScope(companyId), userId: 0 } as Actor;
      const group = await vpn.createGroup(t.deps, actor, { ...settings, name: `${name} tunnels` });
      ids.set(companyId, group.vpnGroupId);
      await vpnClients.createClient(t.deps, actor, {
        name: `${name} laptop`,
        type: 'server',
        vpnGroupIds: [group.vpnGroupId],
      });
    }
    const groups = await vpnStore.pageGroups(db, both, {}, 0, 50);
    expect(sorted(groups.rows.map((g) => g.name))).toEqual(['Scope A tunnels', 'Scope B tunnels']);
    const clients = await vpnClientStore.pageClients(db, both, undefined, 0, 50);
    expect(sorted(clients.rows.map((r) => r.name))).toEqual(['Scope A laptop', 'Scope B laptop']);
    expect(await vpnStore.findGroup(db, both, ids.get(c.companyId)!)).toBeUndefined();
    expect(
      (await vpnStore.pageUngroupedDevices(db, both, 'SCOPE', 0, 50)).rows.map((r) => r.sn).sort(),
    ).toEqual([SN.a, SN.b]);
    const actor = { scope: both, userId: a.members.owner.userId } as Actor;
    expect(await refusal(vpn.createGroup(t.deps, actor, { ...settings, name: 'For the set' }))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect(
      await refusal(vpn.addDevices(t.deps, actor, { vpnGroupId: ids.get(a.companyId)!, sns: [SN.a] })),
    ).toBe(ErrorCode.NO_PERMISSION);
    expect(await refusal(vpn.deleteGroup(t.deps, actor, ids.get(a.companyId)!))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect(
      await refusal(
        vpnClients.createClient(t.deps, actor, { name: 'For the set', type: 'user', vpnGroupIds: [] }),
      ),
    ).toBe(ErrorCode.NO_PERMISSION);
    // The VPN console's lists and charts (console.store.ts) read both, never the third.
    const tunnels = await vpnConsoleStore.tunnelRows(db, both, { vpnGroupId: undefined }, 0, 50);
    expect(sorted(tunnels.map((r) => r.client_name ?? ''))).toEqual(['Scope A laptop', 'Scope B laptop']);
    expect(await vpnConsoleStore.countTunnels(db, both, { vpnGroupId: undefined })).toBe(2);
    const regions = await vpnConsoleStore.regionFigures(db, both);
    expect(regions.groups).toHaveLength(2);
    const names = await vpnConsoleStore.namesOf(db, both, {
      groupIds: [...ids.values()],
      sns: [],
      clientIds: [],
    });
    expect(sorted([...names.groups.values()])).toEqual(['Scope A tunnels', 'Scope B tunnels']);
    expect(
      await refusal(
        rotateCertificate(t.deps, actor, { vpnGroupId: ids.get(a.companyId)!, clientId: 1, sn: undefined }),
      ),
    ).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('open API clients and usage', () => {
  it('list the clients and calls of both companies, never a third’s, and create, rotate or delete none for the set (5)', async () => {
    const db = t.database.db;
    const made = new Map<number, number>();
    for (const [companyId, userId, name] of [
      [a.companyId, a.members.owner.userId, 'Scope A'],
      [b.companyId, b.members.owner.userId, 'Scope B'],
      [c.companyId, c.userId, 'Scope C'],
    ] as const) {
      const actor = { scope: companyScope(companyId), userId } as Actor;
      const { client } = await openApi.createClient(
        t.deps,
        actor,
        {
          name: `${name} sync`,
          isAdmin: false,
          allInterfaces: true,
          interfaces: [],
          scopes: ['devices:read'],
          enabled: true,
        },
        { userId, loginAccount: '', code: undefined },
      );
      made.set(companyId, client.id);
      await openApiStore.insertCallLog(db, {
        company_id: companyId,
        client_id: client.id,
        client_name: client.name,
        client_key: client.clientId,
        interface_id: 'devices.list',
        method: 'GET',
        path: '/openapi/v1/devices',
        status: 200,
        code: 0,
        duration_ms: 3,
        at: t.clock.now(),
      });
    }
    const listed = await openApiStore.listClients(db, both);
    expect(sorted(listed.map((r) => r.name))).toEqual(['Scope A sync', 'Scope B sync']);
    const now = t.clock.now().getTime();
    const log = await openApiUsage.callLogPage(db, both, {
      from: new Date(now - 1000),
      to: new Date(now + 1000),
      pageNum: 1,
      pageSize: 50,
    });
    expect(sorted(log.list.map((r) => r.clientName))).toEqual(['Scope A sync', 'Scope B sync']);
    const ranking = await openApiUsage.callsPerInterface(db, both, {
      from: new Date(now - 1000),
      to: new Date(now + 1000),
    });
    expect(ranking).toEqual([{ interfaceId: 'devices.list', calls: 2, failed: 0, averageMs: 3 }]);
    const actor = { scope: both, userId: a.members.owner.userId } as Actor;
    const fields = {
      name: 'For the set',
      isAdmin: false,
      allInterfaces: true,
      interfaces: [],
      scopes: ['devices:read' as const],
      enabled: true,
    };
    const confirmer = { userId: a.members.owner.userId, loginAccount: '', code: undefined };
    expect(await refusal(openApi.createClient(t.deps, actor, fields, confirmer))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect(await refusal(openApi.rotateSecret(t.deps, actor, made.get(a.companyId)!, confirmer))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect(await refusal(openApi.removeClient(t.deps, actor, made.get(a.companyId)!))).toBe(
      ErrorCode.NO_PERMISSION,
    );
    expect(
      await openApiStore.findClient(db, companyScope(a.companyId), made.get(a.companyId)!),
    ).toBeDefined();
  });
});

describe('the installer console', () => {
  it('counts the devices and figures of both companies of a set, never a third’s, and reads no licence for the set (5)', async () => {
    const db = t.database.db;
    const since = new Date(t.clock.now().getTime() - 30 * 86_400_000);
    const one = async (companyId: number) => ({
      devices: await installer.countDevices(db, companyScope(companyId)),
      figures: await installer.deviceFigures(db, companyScope(companyId), since),
      data: await installer.dataUsedSince(db, companyScope(companyId), since),
    });
    const [alpha, beta] = [await one(a.companyId), await one(b.companyId)];
    expect(alpha.devices).toBeGreaterThan(0);
    expect(beta.devices).toBeGreaterThan(0);
    expect(await installer.countDevices(db, companyScope(c.companyId))).toBeGreaterThan(0);
    expect(await installer.countDevices(db, both)).toBe(alpha.devices + beta.devices);
    const figures = await installer.deviceFigures(db, both, since);
    expect(figures.devices).toBe(alpha.figures.devices + beta.figures.devices);
    expect(figures.online).toBe(alpha.figures.online + beta.figures.online);
    expect(await installer.dataUsedSince(db, both, since)).toBe(alpha.data + beta.data);
    // A licence is one company's: a set has no one owner.
    expect(await refusal(() => installer.readLicence(db, both))).toBe(ErrorCode.NO_PERMISSION);
  });
});
