import {
  createTemplateCall,
  deletePackageVersionCall,
  deleteTemplateCall,
  ErrorCode,
  errorMessage,
  getPackageCall,
  getProvisioningCall,
  getTemplatesCall,
  setTemplateEnabledCall,
  updateTemplateCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { createNodeOnSameDatabase, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { finishRpcCommand, insertRpcCommands } from '../../gateway/rpc.store.ts';
import { companyScope } from '../../platform/auth/actor.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';
import { asOwner, companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { enabledTemplatesOf } from './device-templates.store.ts';
import { insertProvisioning } from './provisioning.store.ts';
import { createProvisioningFollower, pickTemplate } from './provisioning-follower.ts';
import { configFile, ownApp, platformFirmware, SSH_CONFIG, upload } from './template-test-kit.ts';

/**
 * Zero-touch templates (issue 14; core §3, §4, §5, §8): the form's rules with their codes in both
 * languages, enabled and disabled, 190604 while a router provisions with one, the versions a template
 * names kept in use in the app centre, and which template a claiming router gets.
 */

let t: TestApp;
let admin: Owner;
let acme: Owner;
let rival: Owner;
let firmware: number;
let app: number;
let config: number;

beforeAll(async () => {
  t = await createTestApp();
  const created = await ensureSuperAdmin(t.deps);
  admin = asOwner(await signIn(t, created!.account, created!.password), {
    companyId: 0,
    userId: 0,
    account: created!.account,
  });
  acme = await companyOwner(t, 'Acme Templates', 'owner@acme-templates.test');
  rival = await companyOwner(t, 'Rival Templates', 'owner@rival-templates.test');
  firmware = await platformFirmware(t, admin, acme, { series: 'r3000', version: '5.3.4' });
  app = await ownApp(t, acme, { series: 'r3000', packageName: 'acme-agent' });
  config = await configFile(t, acme, SSH_CONFIG(2222));
}, 60_000);
afterAll(() => t?.close());

const base = { series: 'r3000' as const, models: ['R3000'] };

describe('templates', () => {
  it('are saved with firmware, apps and a configuration, and listed with what they hold', async () => {
    const res = await acme.run(createTemplateCall, {
      name: 'Depot_routers',
      ...base,
      firmwareVersionId: firmware,
      appVersionIds: [app],
      configFileId: config,
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      name: 'Depot_routers',
      type: 'DIRECT',
      models: ['R3000'],
      firmware: { versionId: firmware, version: '5.3.4' },
      apps: [{ versionId: app, packageName: 'acme-agent' }],
      configuration: { fileName: 'template.xml', size: SSH_CONFIG(2222).length },
      enabled: true,
      applying: 0,
    });
    const list = await acme.run(getTemplatesCall, { pageNum: 1, pageSize: 10, name: 'depot' });
    expect(list.data?.list.map((x) => x.name)).toEqual(['Depot_routers']);
    // Another company sees none of it.
    expect((await rival.run(getTemplatesCall, { pageNum: 1, pageSize: 10 })).data?.total).toBe(0);
  });

  it('refuse a name over 50 (190610), a taken one in any case (190607) and other characters (1)', async () => {
    for (const lang of ['en', 'cn'] as const) {
      const long = await acme.run(
        createTemplateCall,
        { name: 'x'.repeat(51), ...base, configFileId: config },
        lang,
      );
      expect(long).toMatchObject({
        code: ErrorCode.TEMPLATE_NAME_TOO_LONG,
        msg: errorMessage(ErrorCode.TEMPLATE_NAME_TOO_LONG, lang),
      });
      const taken = await acme.run(
        createTemplateCall,
        { name: 'DEPOT_ROUTERS', ...base, configFileId: config },
        lang,
      );
      expect(taken).toMatchObject({
        code: ErrorCode.TEMPLATE_NAME_EXISTS,
        msg: errorMessage(ErrorCode.TEMPLATE_NAME_EXISTS, lang),
      });
    }
    const spaced = await acme.run(createTemplateCall, {
      name: 'Depot routers',
      ...base,
      configFileId: config,
    });
    expect(spaced.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(spaced.msg).toContain('letters, digits and underscores');
    // Exactly 50 is fine; the same name in another company too.
    expect(
      (await acme.run(createTemplateCall, { name: 'y'.repeat(50), ...base, configFileId: config })).code,
    ).toBe(0);
    const rivalConfig = await configFile(t, rival, SSH_CONFIG(2200));
    expect(
      (await rival.run(createTemplateCall, { name: 'Depot_routers', ...base, configFileId: rivalConfig }))
        .code,
    ).toBe(0);
  });

  it('must hold firmware, apps or a configuration (190606)', async () => {
    const res = await acme.run(createTemplateCall, { name: 'Empty', ...base }, 'cn');
    expect(res).toMatchObject({
      code: ErrorCode.TEMPLATE_EMPTY,
      msg: errorMessage(ErrorCode.TEMPLATE_EMPTY, 'cn'),
    });
  });

  it('take an XML configuration of at most 1024 KB (190608)', async () => {
    const notXml = await configFile(t, acme, 'hostname=depot', 'plain.xml');
    const res = await acme.run(createTemplateCall, { name: 'Bad_config', ...base, configFileId: notXml });
    expect(res).toMatchObject({ code: ErrorCode.TEMPLATE_CONFIG_INVALID });
    // Another company's file is no file at all.
    const theirs = await configFile(t, rival, SSH_CONFIG(2300));
    const foreign = await acme.run(createTemplateCall, { name: 'Foreign', ...base, configFileId: theirs });
    expect(foreign.code).toBe(ErrorCode.PARAMETER_ERROR);
    // Over 1024 KB the upload itself is refused before a template sees it.
    await expect(
      upload(t, acme, 'configXml', 'big.xml', Buffer.alloc(1024 * 1024 + 1, 0x20)),
    ).rejects.toThrow(/upload failed/);
  });

  it('take firmware and apps of their series and models only (190671)', async () => {
    const other = await platformFirmware(t, admin, acme, { series: 'r1520', version: '5.3.9' });
    const res = await acme.run(createTemplateCall, { name: 'Mixed', ...base, firmwareVersionId: other });
    expect(res).toMatchObject({
      code: ErrorCode.TEMPLATE_PACKAGE_NOT_FOR_SERIES,
      msg: "A firmware or app of the template is not for the template's series or models",
    });
    // An app in the firmware's place is a field error; a model of another series too.
    expect(
      (await acme.run(createTemplateCall, { name: 'Swapped', ...base, firmwareVersionId: app })).code,
    ).toBe(ErrorCode.PARAMETER_ERROR);
    const model = await acme.run(createTemplateCall, {
      name: 'Wrong_model',
      series: 'r3000',
      models: ['R1520'],
      configFileId: config,
    });
    expect(model.code).toBe(ErrorCode.PARAMETER_ERROR);
    // Another company's app does not exist for Acme.
    const rivalApp = await ownApp(t, rival, { series: 'r3000', packageName: 'rival-agent' });
    expect(
      (await acme.run(createTemplateCall, { name: 'Rivals', ...base, appVersionIds: [rivalApp] })).code,
    ).toBe(ErrorCode.APP_PACKAGE_NOT_FOUND);
  });

  it('keep the versions they name in use: the app centre will not delete them', async () => {
    const res = await acme.run(deletePackageVersionCall, { versionId: app });
    expect(res.code).not.toBe(0);
    const own = await acme.run(getPackageCall, { packageId: await packageIdOf(app) });
    expect(own.data?.versions[0]?.inUse).toBe(true);
  });

  it('are enabled or disabled; a disabled one is not picked for a claiming router', async () => {
    const [depot] = (await acme.run(getTemplatesCall, { pageNum: 1, pageSize: 10, name: 'Depot' })).data!
      .list;
    const off = await acme.run(setTemplateEnabledCall, { templateId: depot!.templateId, enabled: false });
    expect(off.data?.enabled).toBe(false);
    const enabled = await enabledTemplatesOf(t.deps.db, companyScope(acme.companyId), 'r3000');
    expect(enabled.map((x) => x.name)).not.toContain('Depot_routers');
    await acme.run(setTemplateEnabledCall, { templateId: depot!.templateId, enabled: true });
  });

  it('are neither edited nor deleted while a router provisions with them (190604)', async () => {
    const created = await acme.run(createTemplateCall, { name: 'Busy', ...base, configFileId: config });
    const templateId = created.data!.templateId;
    await seedDevices(t, acme.companyId, [
      { sn: 'TPL-BUSY', series: 'r3000', model: 'R3000', firmware: '5.3.1' },
    ]);
    await insertProvisioning(
      t.deps.db,
      {
        companyId: acme.companyId,
        sn: 'TPL-BUSY',
        templateId,
        templateName: 'Busy',
        state: 'running',
        at: t.clock.now(),
      },
      [{ kind: 'configuration', versionId: null, target: 'template.xml', state: 'running' }],
    );
    for (const lang of ['en', 'cn'] as const) {
      const edit = await acme.run(updateTemplateCall, { templateId, name: 'Busy_2', ...base }, lang);
      expect(edit).toMatchObject({
        code: ErrorCode.TEMPLATE_APPLYING,
        msg: errorMessage(ErrorCode.TEMPLATE_APPLYING, lang),
      });
    }
    expect((await acme.run(deleteTemplateCall, { templateId })).code).toBe(ErrorCode.TEMPLATE_APPLYING);
    const listed = await acme.run(getTemplatesCall, { pageNum: 1, pageSize: 20, name: 'Busy' });
    expect(listed.data?.list[0]).toMatchObject({ name: 'Busy', applying: 1 });
    // The provisioning page shows the router and its step.
    const page = await acme.run(getProvisioningCall, { pageNum: 1, pageSize: 10, state: 'running' });
    expect(page.data?.list).toEqual([
      expect.objectContaining({
        sn: 'TPL-BUSY',
        templateName: 'Busy',
        steps: [expect.objectContaining({ kind: 'configuration', state: 'running' })],
      }),
    ]);
    expect((await rival.run(getProvisioningCall, { pageNum: 1, pageSize: 10 })).data?.total).toBe(0);
  });

  it('are edited (the configuration kept when no file is sent) and deleted when idle', async () => {
    const created = await acme.run(createTemplateCall, { name: 'Idle', ...base, configFileId: config });
    const templateId = created.data!.templateId;
    const edited = await acme.run(updateTemplateCall, {
      templateId,
      name: 'Idle_2',
      ...base,
      appVersionIds: [app],
    });
    expect(edited.data).toMatchObject({
      name: 'Idle_2',
      apps: [{ versionId: app }],
      configuration: { fileName: 'template.xml' },
    });
    const cleared = await acme.run(updateTemplateCall, {
      templateId,
      name: 'Idle_2',
      ...base,
      appVersionIds: [],
      configFileId: null,
    });
    expect(cleared.code).toBe(ErrorCode.TEMPLATE_EMPTY);
    expect((await rival.run(deleteTemplateCall, { templateId })).code).toBe(ErrorCode.TEMPLATE_NOT_FOUND);
    expect((await acme.run(deleteTemplateCall, { templateId })).code).toBe(0);
    expect((await acme.run(deleteTemplateCall, { templateId })).code).toBe(ErrorCode.TEMPLATE_NOT_FOUND);
  });
});

describe('a claiming router', () => {
  it('gets the enabled template naming its model before one for the whole series, else the newest edit', async () => {
    const all = await acme.run(createTemplateCall, {
      name: 'Whole_series',
      series: 'r3000',
      configFileId: config,
    });
    expect(all.code).toBe(0);
    const templates = await enabledTemplatesOf(t.deps.db, companyScope(acme.companyId), 'r3000');
    expect(pickTemplate(templates, 'R3000')?.models).toEqual(['R3000']);
    expect(pickTemplate(templates, 'R3000-4L')?.name).toBe('Whole_series');
    expect(
      pickTemplate(
        templates.filter((x) => x.models.length > 0),
        'R3000-4L',
      ),
    ).toBeUndefined();
  });

  it('below the zero-touch version gets one step saying which firmware it needs first', async () => {
    await seedDevices(t, acme.companyId, [
      { sn: 'TPL-OLD', series: 'r3000', model: 'R3000', firmware: '5.2.0' },
    ]);
    await t.deps.db
      .insertInto('device_claim_log')
      .values({
        sn: 'TPL-OLD',
        company_id: acme.companyId,
        outcome: 'claimed',
        reason: null,
        mac: null,
        imei: null,
        at: t.clock.now(),
      })
      .execute();
    await createProvisioningFollower({ db: t.deps.db, clock: t.clock, hub: t.deps.hub }).claimed('TPL-OLD');
    for (const lang of ['en', 'cn'] as const) {
      const page = await acme.run(getProvisioningCall, { pageNum: 1, pageSize: 10, sn: 'TPL-OLD' }, lang);
      expect(page.data?.list[0]).toMatchObject({
        state: 'stopped',
        steps: [
          {
            kind: 'minimumFirmware',
            target: '5.3.0',
            state: 'failed',
            reasonCode: ErrorCode.TEMPLATE_NEEDS_FIRMWARE,
            reason: errorMessage(ErrorCode.TEMPLATE_NEEDS_FIRMWARE, lang, {
              version: '5.2.0',
              minimum: '5.3.0',
            }),
          },
        ],
      });
    }
    expect(
      errorMessage(ErrorCode.TEMPLATE_NEEDS_FIRMWARE, 'en', { version: '5.2.0', minimum: '5.3.0' }),
    ).toBe('The router runs 5.2.0: templates need firmware 5.3.0 or newer first');
  });
});

async function packageIdOf(versionId: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('app_package_version')
    .select('package_id')
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  return Number(row.package_id);
}

describe('a provisioning', () => {
  it('moves on after a restart: a step whose install ended while no node followed it is settled, and the run ends', async () => {
    await seedDevices(t, acme.companyId, [
      { sn: 'TPL-RESTART', series: 'r3000', model: 'R3000', firmware: '5.3.1' },
    ]);
    const id = await insertProvisioning(
      t.deps.db,
      {
        companyId: acme.companyId,
        sn: 'TPL-RESTART',
        templateId: (await enabledTemplatesOf(t.deps.db, companyScope(acme.companyId), 'r3000'))[0]!.id,
        templateName: 'Depot_routers',
        state: 'running',
        at: t.clock.now(),
      },
      [{ kind: 'app', versionId: app, target: '', state: 'running' }],
    );
    // The app install the step sent, answered success while the node that sent it was down.
    await insertRpcCommands(t.deps.db, [
      {
        id: 'restart-install-1',
        companyId: acme.companyId,
        sn: 'TPL-RESTART',
        method: 'appInstall',
        params: { packageVersionId: app },
        deadline: new Date(t.clock.now().getTime() + 900_000),
        at: t.clock.now(),
      },
    ]);
    await t.deps.db
      .updateTable('device_provisioning_step')
      .set({ rpc_id: 'restart-install-1' })
      .where('provisioning_id', '=', id!)
      .execute();
    await finishRpcCommand(t.deps.db, {
      id: 'restart-install-1',
      sn: 'TPL-RESTART',
      state: 'success',
      result: {},
      error: null,
      at: t.clock.now(),
    });
    // A node starting on the same database: its resume sweep runs at start.
    const node = await createNodeOnSameDatabase(t, { jobs: { manual: true } });
    try {
      for (let round = 0; round < 10; round++) if ((await node.deps.jobs!.runOnce()) === 0) break;
    } finally {
      await node.app.close();
    }
    const page = await acme.run(getProvisioningCall, { pageNum: 1, pageSize: 10, sn: 'TPL-RESTART' });
    expect(page.data?.list[0]).toMatchObject({
      state: 'done',
      steps: [{ kind: 'app', state: 'done', target: 'acme-agent 1.0.0', rpcId: 'restart-install-1' }],
    });
  });
});
