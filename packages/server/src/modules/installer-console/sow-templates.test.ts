import {
  addSowTemplateCall,
  type CallInput,
  deleteSowTemplateCall,
  ErrorCode,
  errorMessage,
  getSowTemplateCall,
  listSowTemplatesCall,
  SOW_TEMPLATES_MAX,
  updateSowTemplateCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { configFile, SSH_CONFIG, upload } from '../device-templates/template-test-kit.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { grantTrial } from './installer-console.service.ts';

/**
 * SOW templates of the installer console (issue 20): the three sections' required fields, the coded
 * rules (191001-191006), the cap, and company scope; nothing is saved when a rule refuses.
 */

let t: TestApp;
let acme: Owner;
let bravo: Owner;

const template = (
  over: Partial<CallInput<typeof addSowTemplateCall>> = {},
): CallInput<typeof addSowTemplateCall> => ({
  name: 'Bus depot R1510',
  productModel: 'R1510',
  firmwareVersion: '5.2.2',
  applications: [{ name: 'RobustLink', version: '5.1.0' }],
  registeredOnPlatform: true,
  platformId: 'FP-0042',
  simInserted: true,
  simSupply: 'provisioner',
  thirdPartyAntenna: false,
  antennaDetails: null,
  customProductLabel: true,
  productLabelContent: 'DEPOT-7 / Bay 3',
  customBoxLabel: false,
  boxLabelContent: null,
  routerTestProcess: 'Power on, check LTE LED, ping the depot gateway.',
  otherInstructions: '',
  configFileId: null,
  ...over,
});

async function stored(who: Owner) {
  return (await who.run(listSowTemplatesCall, { pageNum: 1, pageSize: 100 })).data?.list ?? [];
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme SOW', 'owner@acme-sow.test');
  bravo = await companyOwner(t, 'Bravo SOW', 'owner@bravo-sow.test');
  await grantTrial(t.deps, acme.companyId);
  await grantTrial(t.deps, bravo.companyId);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('SOW templates', () => {
  it('saves a template with its configuration file and reads it back, in every section', async () => {
    const fileId = await configFile(t, acme, SSH_CONFIG(2222), 'depot_r1510-v2.xml');
    const res = await acme.run(
      addSowTemplateCall,
      template({ configFileId: fileId, antennaDetails: 'dropped' }),
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      name: 'Bus depot R1510',
      productModel: 'R1510',
      applications: [{ name: 'RobustLink', version: '5.1.0' }],
      platformId: 'FP-0042',
      simSupply: 'provisioner',
      // A switched-off option keeps no details.
      antennaDetails: null,
      productLabelContent: 'DEPOT-7 / Bay 3',
      configFile: { fileId, name: 'depot_r1510-v2.xml' },
    });
    const again = await acme.run(getSowTemplateCall, { sowId: res.data!.sowId });
    expect(again.data).toEqual(res.data);
  });

  it('requires the mandatory fields and the details of a switched-on option (code 1 naming the field)', async () => {
    const before = await stored(acme);
    const cases: [Partial<CallInput<typeof addSowTemplateCall>>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ productModel: '' }, 'productModel'],
      [{ firmwareVersion: '' }, 'firmwareVersion'],
      [{ platformId: null }, 'platformId'],
      [{ thirdPartyAntenna: true, antennaDetails: '' }, 'antennaDetails'],
      [{ customBoxLabel: true, boxLabelContent: null }, 'boxLabelContent'],
      [{ simSupply: 'neighbour' as never }, 'simSupply'],
      [{ applications: [{ name: 'x', version: '' }] }, 'applications.0.version'],
    ];
    for (const [over, field] of cases) {
      const res = await acme.run(addSowTemplateCall, template({ name: `T ${field}`, ...over }));
      expect(res.code, field).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg, field).toContain(field);
    }
    const cn = await acme.run(addSowTemplateCall, template({ name: 'T cn', platformId: null }), 'cn');
    expect(cn.msg).toContain('platformId为必填项');
    expect(await stored(acme)).toEqual(before);
  });

  it('refuses label content outside ASCII (191005), a file name with special characters (191004) and a file that is not XML (191006)', async () => {
    const before = await stored(acme);
    const label = await acme.run(
      addSowTemplateCall,
      template({ name: 'T label', productLabelContent: 'Depot 七' }),
    );
    expect(label).toMatchObject({
      code: ErrorCode.SOW_LABEL_NOT_ASCII,
      data: { field: 'productLabelContent' },
    });
    expect(label.msg).toBe(
      errorMessage(ErrorCode.SOW_LABEL_NOT_ASCII, 'en', { field: 'productLabelContent' }),
    );

    const oddName = await configFile(t, acme, SSH_CONFIG(2222), 'depot#1 (copy).xml');
    const named = await acme.run(addSowTemplateCall, template({ name: 'T file', configFileId: oddName }));
    expect(named).toMatchObject({ code: ErrorCode.SOW_FILE_NAME, data: { field: 'configFileId' } });

    const broken = await configFile(t, acme, '<config><services>', 'broken.xml');
    const notXml = await acme.run(addSowTemplateCall, template({ name: 'T xml', configFileId: broken }));
    expect(notXml.code).toBe(ErrorCode.SOW_CONFIG_INVALID);
    const logo = (await upload(t, acme, 'general', 'notes.xml', Buffer.from('<a/>'))).fileId;
    const wrongKind = await acme.run(addSowTemplateCall, template({ name: 'T kind', configFileId: logo }));
    expect(wrongKind.code).toBe(ErrorCode.SOW_CONFIG_INVALID);
    // Another company's upload is not there.
    const theirs = await configFile(t, bravo, SSH_CONFIG(2222), 'bravo.xml');
    expect(
      (await acme.run(addSowTemplateCall, template({ name: 'T theirs', configFileId: theirs }))).code,
    ).toBe(ErrorCode.SOW_CONFIG_INVALID);
    expect(await stored(acme)).toEqual(before);
  });

  it('keeps names unique in any case (191001), edits, removes, and lists by name part', async () => {
    const first = (await acme.run(addSowTemplateCall, template({ name: 'Harbour CPE' }))).data!;
    const dup = await acme.run(addSowTemplateCall, template({ name: 'HARBOUR cpe' }));
    expect(dup.code).toBe(ErrorCode.SOW_NAME_EXISTS);
    expect(dup.msg).toBe(errorMessage(ErrorCode.SOW_NAME_EXISTS, 'en'));
    // Bravo may use the name.
    expect((await bravo.run(addSowTemplateCall, template({ name: 'Harbour CPE' }))).code).toBe(0);

    const edited = await acme.run(updateSowTemplateCall, {
      ...template({ name: 'Harbour CPE v2', simSupply: 'customer' }),
      sowId: first.sowId,
    });
    expect(edited.data).toMatchObject({ sowId: first.sowId, name: 'Harbour CPE v2', simSupply: 'customer' });
    const clash = await acme.run(updateSowTemplateCall, { ...template(), sowId: first.sowId });
    expect(clash.code).toBe(ErrorCode.SOW_NAME_EXISTS);

    const found = await acme.run(listSowTemplatesCall, { pageNum: 1, pageSize: 10, keyword: 'harbour' });
    expect(found.data?.list.map((s) => s.name)).toEqual(['Harbour CPE v2']);

    // Bravo cannot read, edit or remove Acme's.
    expect((await bravo.run(getSowTemplateCall, { sowId: first.sowId })).code).toBe(ErrorCode.SOW_NOT_FOUND);
    expect((await bravo.run(updateSowTemplateCall, { ...template(), sowId: first.sowId })).code).toBe(
      ErrorCode.SOW_NOT_FOUND,
    );
    expect((await bravo.run(deleteSowTemplateCall, { sowId: first.sowId })).code).toBe(
      ErrorCode.SOW_NOT_FOUND,
    );
    expect((await acme.run(getSowTemplateCall, { sowId: first.sowId })).data?.name).toBe('Harbour CPE v2');

    expect((await acme.run(deleteSowTemplateCall, { sowId: first.sowId })).code).toBe(0);
    expect((await acme.run(getSowTemplateCall, { sowId: first.sowId })).code).toBe(ErrorCode.SOW_NOT_FOUND);
  });

  it(`keeps at most ${SOW_TEMPLATES_MAX} templates per company (191003)`, async () => {
    const have = (await acme.run(listSowTemplatesCall, { pageNum: 1, pageSize: 10 })).data!.total;
    for (let i = have; i < SOW_TEMPLATES_MAX; i++) {
      const res = await acme.run(addSowTemplateCall, template({ name: `Fill ${i}` }));
      expect(res.code).toBe(0);
    }
    const over = await acme.run(addSowTemplateCall, template({ name: 'One too many' }));
    expect(over).toMatchObject({ code: ErrorCode.SOW_LIMIT, data: { num: SOW_TEMPLATES_MAX } });
    expect(over.msg).toBe(`A company can have at most ${SOW_TEMPLATES_MAX} SOW templates`);
    const page = await acme.run(listSowTemplatesCall, { pageNum: 11, pageSize: 10 });
    expect(page.data).toMatchObject({ list: [], total: SOW_TEMPLATES_MAX });
  });
});
