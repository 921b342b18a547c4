/**
 * The tenancy proof (issue 4). Two companies hold a user of every role type. Walking every call of the
 * contract:
 * 1. each role type gets exactly the calls its permissions allow: a probe the contract refuses answers 1
 *    when the role may make the call, 6 for an administrator-only call of a non-administrator, 5 otherwise;
 * 2. company A's owner, who holds every function, aims every call at company B's objects (ids by field
 *    name, see test/probe-input.ts): nothing of B changes and nothing of B comes back.
 * A call added later without a permission or without company scoping fails here.
 */
import { Readable } from 'node:stream';
import {
  ALL_CALLS,
  addDataPackagesCall,
  assignDeviceLicencesCall,
  type CallDef,
  DEFAULT_PORTAL_SESSION_SETTINGS,
  defaultFunCodes,
  ErrorCode,
  isAdminRoleType,
  ROLE_TYPE,
} from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, TEST_PASSWORD } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { companyWithEveryRole, type PopulatedCompany, ROLE_TYPE_NAMES } from '../../test/people.ts';
import { type ProbeTargets, probeInput } from '../../test/probe-input.ts';
import { companyScope } from '../platform/auth/actor.ts';
import { inTransaction } from '../platform/db/open.ts';
import { enqueueJob } from '../platform/jobs/index.ts';
import { appendEvent } from './alerts/event-log.store.ts';
import { insertTemplate } from './device-templates/device-templates.store.ts';
import { insertProvisioning } from './device-templates/provisioning.store.ts';
import { saveClaimedDevice } from './devices/devices.store.ts';
import { insertRecord, insertShareLink, REPORT_RUN_SOURCE } from './exports/exports.store.ts';
import { grantTrial } from './installer-console/installer-console.service.ts';
import { grantPool } from './licences/licence-test-kit.ts';
import {
  insertDevices as insertPortalDevices,
  insertTemplate as insertPortalTemplate,
} from './portal-manager/portal-manager.store.ts';
import { insertRun } from './reports/reports.store.ts';

let t: TestApp;
let a: PopulatedCompany;
let b: PopulatedCompany;
let targets: ProbeTargets;

const SIGNED_IN_CALLS = ALL_CALLS.filter((call) => call.permission !== 'public');

const SMTP_PROBE = {
  senderEmail: 'probe@probe.example',
  host: '127.0.0.1',
  port: 1,
  security: 'none',
  username: '',
};

/** Calls whose generated input the contract refuses: what to send instead, aimed at B. */
/** A valid point table (a generated one has no slave IP). */
const PROBE_POINT_TABLE = {
  name: 'Probe meter',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '10.0.0.9',
  slaveId: 1,
  points: [{ name: 'voltage', functionCode: 3, address: '40001', dataType: 'FLOAT' }],
};

const PORTAL_PROBE = {
  name: 'Probe portal',
  redirectionUrl: 'https://probe.example',
  pcBackgroundFileId: 1,
  mobileBackgroundFileId: 1,
  languages: [{ name: 'Probe' }],
  sessionSettings: DEFAULT_PORTAL_SESSION_SETTINGS,
};

const BUILDERS: Record<string, (b: ProbeTargets) => unknown> = {
  // A's own new table, B's table edited (900002), B's gateway asked to read (not found).
  'pointTables.create': () => PROBE_POINT_TABLE,
  'pointTables.update': (target) => ({ pointTableId: target.pointTableId, table: PROBE_POINT_TABLE }),
  'pointTables.testRead': (target) => ({ sn: target.sn, table: PROBE_POINT_TABLE }),
  // A file that is not the template: refused whole (800034) before anything is looked up.
  'endpoints.import': () => ({ fileName: 'probe.xlsx', content: Buffer.from('probe').toString('base64') }),
  // A's template naming B's file as its backgrounds: refused (1), nothing saved; the edit aims at B's (900104).
  'portalManager.create': (target) => ({
    ...PORTAL_PROBE,
    pcBackgroundFileId: target.fileId,
    mobileBackgroundFileId: target.fileId,
  }),
  'portalManager.update': (target) => ({ ...PORTAL_PROBE, portalId: target.portalId }),
  // B's template named with a client MAC: refused as unknown (900104), nothing saved or blocked.
  'portalManager.renameClient': (target) => ({
    portalId: target.portalId,
    mac: '3A:11:22:33:44:55',
    name: 'Probe',
  }),
  'portalManager.blockClient': (target) => ({ portalId: target.portalId, mac: '3A:11:22:33:44:55' }),
  'portalManager.unblockClient': (target) => ({ portalId: target.portalId, mac: '3A:11:22:33:44:55' }),
  // B's VPN group with B's device: refused as an unknown group (180002), nothing saved.
  'vpn.setDeviceLan': (target) => ({
    vpnGroupId: target.vpnGroupId,
    sn: target.sn,
    lanSubnet: '192.168.50.0/24',
  }),
  // B's router in B's group: refused as an unknown group (180002), no certificate issued or revoked.
  'vpn.rotateCertificate': (target) => ({ vpnGroupId: target.vpnGroupId, sn: target.sn }),
  'vpn.addEndDevice': (target) => ({
    vpnGroupId: target.vpnGroupId,
    sn: target.sn,
    name: 'Probe PLC',
    ip: '192.168.50.10',
  }),
  // A silence of B's rule: refused as an unknown target (800042), nothing saved.
  'alerts.createSilence': (target) => ({
    target: { kind: 'rule', ruleId: target.ruleId },
    repeat: 'once',
    startsAt: 1_700_000_000_000,
    endsAt: 1_700_000_600_000,
    note: 'probe',
  }),
  // A's own destination (B's is untouched); the update aims at B's (800050).
  'notifications.createWebhook': () => ({ url: 'https://probe.example/hook', eventTypes: ['alert.firing'] }),
  'notifications.updateWebhook': (target) => ({
    webhookId: target.webhookId,
    url: 'https://probe.example/hook',
    eventTypes: ['alert.firing'],
    enabled: false,
  }),
  // B's connector edited with a valid input: refused as unknown (600002) before the application is asked.
  'iotConnector.update': (target) => ({
    connectorId: target.connectorId,
    name: 'Probe connector',
    kind: 'https',
    applicationUrl: 'https://probe.example/ingest',
    tokenName: 'Authorization',
    token: 'probe-token-0001',
  }),
  // A's own keys, none new: nothing asks the map provider, nothing of B's is named.
  'branding.setMapKeys': () => ({}),
  'users.create': (target) => ({
    account: 'newcomer@alpha.example',
    userName: 'Newcomer',
    roleId: target.roleId,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  }),
  // A person's own factor: the code checks A's key (or finds none); nothing of B's is named.
  'twoFactor.confirm': () => ({ code: '123456' }),
  'twoFactor.remove': () => ({ code: '123456' }),
  'users.invite': (target) => ({ email: 'guest@alpha.example', roleId: target.roleId }),
  // A is an end customer (15018): a new company would not be B's anyway, but nothing may be made.
  'customers.add': () => ({ name: 'Probe Customer', type: 0, ownerEmail: 'probe@alpha.example' }),
  'devices.add': (target) => ({ sn: target.sn, mac: '00:11:22:33:44:55' }),
  'devices.import': (target) => ({
    fileName: 'probe.csv',
    content: Buffer.from(`sn,name,model,mac\n${target.sn},Taken,R1520,00:11:22:33:44:55\n`).toString(
      'base64',
    ),
    commit: true,
  }),
  'remoteActions.resetPassword': (target) => ({ sn: target.sn, user: 'admin', password: 'Probe12' }),
  'remoteActions.poeTimers': (target) => ({
    sn: target.sn,
    port: 1,
    enableTime: '08:00',
    disableTime: '18:00',
  }),
  'accessRestriction.save': () => ({
    enabled: false,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    days: [],
    roleTypes: [ROLE_TYPE.readOnly],
    holidays: [],
  }),
  'partnerNotifications.saveEmail': (target) => ({
    type: 'licencesInsufficient',
    subject: 'Probe',
    senderName: 'Probe',
    supportEmail: 'probe@probe.example',
    bannerFileId: target.fileId,
    enabled: true,
  }),
  'partnerNotifications.saveSmtp': () => SMTP_PROBE,
  'notifications.saveMailServer': () => SMTP_PROBE,
  'notifications.testMailServer': () => ({ ...SMTP_PROBE, to: 'probe@probe.example' }),
  // A version of A's own naming B's file as its package: refused (160034), nothing of B's is named.
  'deviceConfig.apply': (target) => ({
    sn: target.sn,
    sections: { 'services/ssh': { enabled: false, port: 2222 } },
  }),
  'deviceConfig.clearSetting': (target) => ({
    sn: target.sn,
    section: 'services/ssh',
    field: 'port',
  }),
  'appCentre.addVersion': (target) => ({
    kind: 'app',
    name: 'Probe app',
    version: '1.0',
    packageName: 'probe-app',
    series: 'r1520',
    models: ['R1520'],
    fileId: target.fileId,
  }),
  'partnerNotifications.testSmtp': () => ({ ...SMTP_PROBE, to: 'probe@probe.example' }),
  // B's group's profile applied by A: A has no such group (1), nothing starts.
  'deviceConfig.applyProfile': (target) => ({
    groupId: target.groupId,
    series: 'r3000',
    name: 'Probe profile',
    plan: { mode: 'size', firstSize: 1, laterSize: 1 },
    successPercent: 100,
    failureLimit: { kind: 'count', value: 0 },
    onFailure: 'halt',
    window: null,
    deviceDeadlineMinutes: 30,
    healthMinutes: 0,
    confirmSeconds: 120,
  }),
  // A rollout to B's device: A sees no such version (160030) and B's device is not A's.
  'rollouts.create': (target) => ({
    name: 'Probe rollout',
    versionId: 1,
    target: { mode: 'devices', sns: [target.sn] },
    plan: { mode: 'size', firstSize: 1, laterSize: 1 },
    successPercent: 100,
    failureLimit: { kind: 'count', value: 0 },
    onFailure: 'halt',
    window: null,
    deviceDeadlineMinutes: 30,
    healthMinutes: 0,
  }),
};

beforeAll(async () => {
  t = await createTestApp();
  a = await companyWithEveryRole(t, 'Alpha Shipping', 'alpha.example');
  b = await companyWithEveryRole(t, 'Bravo Cargo', 'bravo.example');
  // Both run the installer console (its trial), so its calls reach their input checks.
  await grantTrial(t.deps, a.companyId);
  await grantTrial(t.deps, b.companyId);
  const bOwner = b.members.owner.session!;
  // B holds one of everything issue 4 stores, and a device.
  const role = await bOwner.call<{ roleId: number }>('POST', '/pl/role/addRole', {
    roleName: 'Bravo Crew',
    roleType: ROLE_TYPE.operator,
    funCodes: ['devices.view'],
  });
  const invitation = await bOwner.call<{ invitationId: number }>('POST', '/pl/user/inviteUser', {
    email: 'guest@bravo.example',
    roleId: b.roles.operator,
  });
  await bOwner.call('POST', '/pl/company/saveAccessRestriction', BUILDERS['accessRestriction.save']!({}));
  await bOwner.call('POST', '/pl/page/updatePageColumns', { pageName: 'bravoPage', columns: ['bravo'] });
  for (const [company, sn] of [
    [a, 'SNA0000000000001'],
    [b, 'SNB0000000000001'],
  ] as const) {
    await saveClaimedDevice(t.deps.db, {
      sn,
      companyId: company.companyId,
      name: `${company.name} router`,
      model: 'R1520',
      mac: null,
      imei: null,
      secretHash: 'x',
      at: t.clock.now(),
    });
  }
  // B holds licences and a device on Essential: an answer or a write that reaches them fails the test.
  await grantPool(t, b.companyId, 'ESSENTIAL', 5);
  const licensed = await bOwner.call('POST', assignDeviceLicencesCall.path, {
    sns: ['SNB0000000000001'],
    level: 'ESSENTIALS',
    idempotencyKey: 'bravo-licence-0001',
  });
  expect(licensed.body.code).toBe(0);
  // B holds VPN data in its pool (a data package moved in): a draw or an answer that reaches it fails.
  await grantPool(t, b.companyId, 'DATA_PACKAGE', 2);
  const pooled = await bOwner.call('POST', addDataPackagesCall.path, {
    quantity: 1,
    idempotencyKey: 'bravo-pool-0001',
  });
  expect(pooled.body.code).toBe(0);
  const rootGroup = await t.deps.db
    .selectFrom('company_group')
    .select('id')
    .where('company_id', '=', b.companyId)
    .executeTakeFirstOrThrow();
  // B's owner holds an export record (no job runs here, so it stays as it is).
  const record = await insertRecord(t.deps.db, {
    companyId: b.companyId,
    userId: b.members.owner.userId,
    source: 'devices.export',
    module: 'robustlink/devices/allDevices',
    fileName: 'bravo_20260101_000000.xlsx',
    request: { filter: {}, fields: ['sn'], lang: 'en', utcOffsetMinutes: 0 },
    totalRows: 1,
    createdAt: t.clock.now(),
    deadlineAt: t.clock.now(),
  });
  // B holds a custom report, a report, a run of it (its record, no job) and a share link of the run.
  const bravoCustom = await bOwner.call<{ customReportId: number }>('POST', '/link/customReport/add', {
    name: 'Bravo columns',
    type: 'dataUsage',
    fields: ['sn', 'totalBytes'],
  });
  expect(bravoCustom.body.code).toBe(0);
  const bravoPointTable = await bOwner.call<{ pointTableId: number }>('POST', '/endDevice/pointTable/add', {
    ...PROBE_POINT_TABLE,
    name: 'Bravo meter',
  });
  // B holds an enabled product of its table and an endpoint of it behind its gateway.
  const bravoProduct = await bOwner.call<{ modelId: number; parameters: { point: string; code: string }[] }>(
    'POST',
    '/endDevice/model/add',
    {
      pointTableId: bravoPointTable.body.data!.pointTableId,
      name: 'Bravo product',
      type: 'meter',
      southboundApp: 'modbus_master',
      reportGroups: [{ name: 'Bravo group', type: 'property', strategy: 'CHANGE', points: ['voltage'] }],
    },
  );
  expect(bravoProduct.body.code).toBe(0);
  const modelId = bravoProduct.body.data!.modelId;
  await bOwner.call('POST', '/endDevice/model/saveParameters', {
    modelId,
    parameters: [{ point: 'voltage', title: 'Bravo voltage', code: 'voltage', dataType: 'float' }],
  });
  await bOwner.call('POST', '/endDevice/model/edit', {
    modelId,
    name: 'Bravo product',
    type: 'meter',
    southboundApp: 'modbus_master',
    reportGroups: [{ name: 'Bravo group', type: 'property', strategy: 'CHANGE', points: ['voltage'] }],
    locationMethods: ['gateway'],
  });
  expect((await bOwner.call('POST', '/endDevice/model/enable', { modelId })).body.code).toBe(0);
  const bravoEndpoint = await bOwner.call<{ thingId: number }>('POST', '/endDevice/thing/add', {
    endpointId: 'BRAVO0001',
    name: 'Bravo endpoint',
    modelId,
    gatewaySn: 'SNB0000000000001',
  });
  expect(bravoEndpoint.body.code).toBe(0);
  const bravoReport = await bOwner.call<{ reportId: number }>('POST', '/link/report/add', {
    name: 'Bravo usage',
    type: 'dataUsage',
    customReportId: bravoCustom.body.data!.customReportId,
    generation: 'periodic',
    targets: { mode: 'group', groupId: Number(rootGroup.id) },
    fileName: 'bravo_usage',
    enabled: false,
  });
  expect(bravoReport.body.code).toBe(0);
  const runRecord = await insertRecord(t.deps.db, {
    companyId: b.companyId,
    userId: b.members.owner.userId,
    source: REPORT_RUN_SOURCE,
    module: 'robustlink/customReports',
    fileName: 'bravo_usage_20260101.xlsx',
    request: { filter: {}, fields: [], lang: 'en', utcOffsetMinutes: 0 },
    totalRows: 0,
    createdAt: t.clock.now(),
    deadlineAt: t.clock.now(),
  });
  const bravoRun = await insertRun(t.deps.db, {
    companyId: b.companyId,
    reportId: bravoReport.body.data!.reportId,
    recordId: Number(runRecord.id),
    start: t.clock.now(),
    end: t.clock.now(),
    scheduled: false,
    at: t.clock.now(),
  });
  const bravoShareId = 'bravoShareLinkOfTheReportRun0001';
  await insertShareLink(t.deps.db, {
    companyId: b.companyId,
    userId: b.members.owner.userId,
    id: bravoShareId,
    recordId: Number(runRecord.id),
    createdAt: t.clock.now(),
    expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
  });
  // A job of B's, whose kind names B: an answer that leaks it fails the test.
  const bravoJob = await enqueueJob(t.deps.db, {
    kind: 'tenancy.bravo',
    payload: {},
    companyId: b.companyId,
  });
  // B holds a file whose name would show in any answer that leaked it.
  const bravoFile = await t.deps.files.save({
    companyId: b.companyId,
    kind: 'general',
    name: 'bravo-plan.pdf',
    contentType: 'application/pdf',
    source: Readable.from([Buffer.from('bravo plan')]),
    createdBy: b.members.owner.userId,
  });
  // B, a distributor, holds a notice whose name would show in any answer that leaked it.
  await t.deps.db.updateTable('company').set({ type: 1 }).where('id', '=', b.companyId).execute();
  const bravoNotice = await t.deps.db
    .insertInto('partner_notice')
    .values({
      company_id: b.companyId,
      name: 'Bravo notice',
      topic: 'Bravo topic',
      content: 'Bravo content',
      audience: 'all',
      state: 'published',
      published_at: t.clock.now(),
      created_by: null,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // B holds an alert rule and a firing alert whose names would show in any answer that leaked them.
  const bravoRule = await bOwner.call<{ ruleId: number }>('POST', '/link/alertRule/add', {
    name: 'Bravo rule',
    level: 'major',
    description: 'Bravo description',
    targets: { mode: 'all' },
    conditionMode: 'any',
    conditions: [{ type: 'offline', minutes: 5, clearMinutes: 1 }],
    triggerVolume: 1,
    triggerInterval: { value: 1, unit: 'minute' },
    pendingMinutes: 0,
    email: { enabled: false, receivers: 'allUsers' },
  });
  expect(bravoRule.body.code).toBe(0);
  const bravoAlert = await t.deps.db
    .insertInto('alert')
    .values({
      company_id: b.companyId,
      rule_id: bravoRule.body.data!.ruleId,
      sn: 'SNB0000000000001',
      condition_key: '0',
      state: 'firing',
      pending_since: t.clock.now(),
      started_at: t.clock.now(),
      last_seen_at: t.clock.now(),
      count: 1,
      updated_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // B silences its rule; its note would show in any answer that leaked it.
  const bravoSilence = await t.deps.db
    .insertInto('alert_silence')
    .values({
      company_id: b.companyId,
      target_kind: 'rule',
      rule_id: bravoRule.body.data!.ruleId,
      repeat: 'once',
      starts_at: t.clock.now(),
      ends_at: new Date(t.clock.now().getTime() + 3_600_000),
      weekdays: '[]',
      note: 'Bravo silence',
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // B has a webhook destination and an event whose words would show in any answer that leaked them.
  const bravoHook = await bOwner.call<{ webhook: { webhookId: number } }>('POST', '/pl/webhook/add', {
    url: 'https://bravo-hooks.example/Bravo',
    eventTypes: ['alert.firing'],
  });
  expect(bravoHook.body.code).toBe(0);
  await inTransaction(t.deps.db, (tx) =>
    appendEvent(tx, b.companyId, 'alert.firing', { ruleName: 'Bravo event' }, t.clock.now()),
  );
  // B holds a private app of its own in the app centre, named so that any answer leaking it shows.
  const bravoApp = await t.deps.db
    .insertInto('app_package')
    .values({
      company_id: b.companyId,
      kind: 'app',
      package_name: 'bravo-app',
      series: 'r1520',
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bravoAppVersion = await t.deps.db
    .insertInto('app_package_version')
    .values({
      package_id: bravoApp.id,
      version: '1.0',
      name: 'Bravo app',
      models: JSON.stringify(['R1520']),
      file_id: bravoFile.id,
      logo_file_id: null,
      document_file_ids: JSON.stringify([]),
      release_notes: 'Bravo notes',
      target: null,
      published: false,
      published_at: null,
      created_by: null,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // B holds a portal template with its router on it.
  const bravoPortal = await insertPortalTemplate(
    t.deps.db,
    companyScope(b.companyId),
    {
      name: 'Bravo portal',
      auth_mode: 'none',
      access_code: '',
      allowed_sites: '[]',
      blocked_domains: '[]',
      redirection_url: 'https://bravo.example',
      pc_background_file_id: null,
      mobile_background_file_id: null,
      logo_file_id: null,
      languages: JSON.stringify([{ name: 'Bravo English' }]),
      session_settings: JSON.stringify(DEFAULT_PORTAL_SESSION_SETTINGS),
    },
    t.clock.now(),
  );
  await insertPortalDevices(
    t.deps.db,
    companyScope(b.companyId),
    bravoPortal,
    [{ sn: 'SNB0000000000001', sealedSecret: 'bravo-sealed' }],
    t.clock.now(),
  );
  // B holds a zero-touch template with a router provisioning by it.
  const bravoTemplate = await insertTemplate(
    t.deps.db,
    companyScope(b.companyId),
    {
      name: 'Bravo_template',
      series: 'r1520',
      type: 'DIRECT',
      models: [],
      firmwareVersionId: null,
      appVersionIds: [],
      configXml: '<config><services><ssh enabled="true" port="2222"></ssh></services></config>',
      configFileName: 'bravo.xml',
      enabled: true,
      origin: 'http://bravo.example',
    },
    b.members.owner.userId,
    t.clock.now(),
  );
  await insertProvisioning(
    t.deps.db,
    {
      companyId: b.companyId,
      sn: 'SNB0000000000001',
      templateId: bravoTemplate,
      templateName: 'Bravo_template',
      state: 'running',
      at: t.clock.now(),
    },
    [{ kind: 'configuration', versionId: null, target: 'bravo.xml', state: 'running' }],
  );
  // B holds a VPN group with its device and a service client: a read or a write reaching them fails.
  const bravoVpnGroup = await bOwner.call<{ vpnGroupId: number }>('POST', '/vpn/group/addGroup', {
    name: 'Bravo tunnels',
    region: 'EUR',
    dataLimitMb: 100,
  });
  expect(bravoVpnGroup.body.code).toBe(0);
  const bravoClient = await bOwner.call<{ clientId: number }>('POST', '/vpn/serviceClient/addClient', {
    name: 'Bravo laptop',
    type: 'server',
    vpnGroupIds: [bravoVpnGroup.body.data!.vpnGroupId],
  });
  expect(bravoClient.body.code).toBe(0);
  // B holds an IoT connector with its router bound: a read or a write reaching them fails the test.
  const bravoConnector = await t.deps.db
    .insertInto('iot_connector')
    .values({
      company_id: b.companyId,
      name: 'Bravo connector',
      kind: 'https',
      application_url: 'https://bravo-iot.example/ingest',
      id_scope: null,
      template: null,
      interface_id: null,
      token_name: 'Authorization',
      token_sealed: 'bravo-sealed',
      token_mask: 'bravo-mask',
      created_by: null,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('iot_connector_router')
    .values({
      sn: 'SNB0000000000001',
      connector_id: Number(bravoConnector.id),
      company_id: b.companyId,
      bound_at: t.clock.now(),
    })
    .execute();
  targets = {
    connectorId: Number(bravoConnector.id),
    templateId: bravoTemplate,
    portalId: bravoPortal,
    vpnGroupId: bravoVpnGroup.body.data!.vpnGroupId,
    clientId: bravoClient.body.data!.clientId,
    ruleId: bravoRule.body.data!.ruleId,
    alertId: Number(bravoAlert.id),
    silenceId: Number(bravoSilence.id),
    webhookId: bravoHook.body.data!.webhook.webhookId,
    packageId: Number(bravoApp.id),
    versionId: Number(bravoAppVersion.id),
    noticeId: Number(bravoNotice.id),
    jobId: bravoJob.id,
    recordId: Number(record.id),
    reportId: bravoReport.body.data!.reportId,
    pointTableId: bravoPointTable.body.data!.pointTableId,
    modelId,
    thingId: bravoEndpoint.body.data!.thingId,
    customReportId: bravoCustom.body.data!.customReportId,
    runId: bravoRun,
    shareId: bravoShareId,
    companyId: b.companyId,
    fileId: bravoFile.id,
    userId: b.members.operator.userId,
    roleId: role.body.data!.roleId,
    invitationId: invitation.body.data!.invitationId,
    groupId: Number(rootGroup.id),
    sn: 'SNB0000000000001',
  };
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** What a probe the contract refuses should answer for a role type. */
function expectedCode(call: CallDef, roleType: number): number {
  if (call.permission === 'session') return ErrorCode.PARAMETER_ERROR;
  if (call.permission === 'superAdmin') return ErrorCode.NO_PERMISSION;
  if (call.adminOnly && !isAdminRoleType(roleType)) return ErrorCode.NOT_ADMINISTRATOR;
  return defaultFunCodes(roleType).includes(call.permission)
    ? ErrorCode.PARAMETER_ERROR
    : ErrorCode.NO_PERMISSION;
}

describe('permissions by role type', () => {
  it('declares a permission on every call the console makes signed in', () => {
    expect(SIGNED_IN_CALLS.length).toBeGreaterThan(30);
    expect(ALL_CALLS.filter((call) => !call.permission).map((call) => call.id)).toEqual([]);
  });

  it.each(ROLE_TYPE_NAMES.filter((n) => n !== 'vpnClientOnly'))(
    'gives %s exactly the calls its role allows',
    async (type) => {
      const session = a.members[type].session!;
      const wrong: string[] = [];
      for (const call of SIGNED_IN_CALLS) {
        const res = await session.call(call.method, call.path, { __probe__: '1' });
        const expected = expectedCode(call, ROLE_TYPE[type]);
        if (res.body.code !== expected) wrong.push(`${call.id}: ${res.body.code}, expected ${expected}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('keeps the VPN-client-only user out of the web platform (14054)', async () => {
    const res = await t.call('POST', '/pl/sso/login', {
      account: a.members.vpnClientOnly.account,
      password: TEST_PASSWORD,
    });
    expect(res.body.code).toBe(ErrorCode.VPN_CLIENT_ONLY_USER);
  });
});

/** Every row of company B: each table with a company_id, the company, its people and partner links. */
async function snapshotOf(company: PopulatedCompany): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'company_id' order by table_name`.execute(
    t.deps.db,
  );
  const parts: Record<string, unknown> = {};
  for (const { table_name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(table_name)} as r where company_id = ${company.companyId}
      order by to_jsonb(r)::text`.execute(t.deps.db);
    parts[table_name] = rows.rows;
  }
  const people = Object.values(company.members).map((m) => m.userId);
  parts.company = (await sql`select * from company where id = ${company.companyId}`.execute(t.deps.db)).rows;
  parts.app_user = await t.deps.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', 'in', people)
    .orderBy('id')
    .execute();
  parts.company_relation = await t.deps.db
    .selectFrom('company_relation')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('upstream_company_id', '=', company.companyId),
        eb('downstream_company_id', '=', company.companyId),
      ]),
    )
    .execute();
  return JSON.stringify(parts);
}

describe("company A cannot read or change company B's data", () => {
  it('has an input aimed at B for every call', () => {
    const missing = SIGNED_IN_CALLS.filter(
      (call) => call.permission !== 'superAdmin' && !BUILDERS[call.id] && probeInput(call, targets) === null,
    ).map((call) => call.id);
    expect(missing).toEqual([]);
  });

  it.each(
    SIGNED_IN_CALLS.filter((call) => call.permission !== 'superAdmin').map(
      (call) => [call.id, call] as const,
    ),
  )('%s', async (_id, call) => {
    const before = await snapshotOf(b);
    const owner = await signIn(t, a.members.owner.account);
    const input = BUILDERS[call.id]?.(targets) ?? probeInput(call, targets);
    const res = await owner.call(call.method, call.path, input as Record<string, unknown>);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(JSON.stringify(res.body)).not.toMatch(/bravo/i);
    expect(await snapshotOf(b)).toBe(before);
  });
});
