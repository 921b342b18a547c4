import {
  type CreateEndpointBody,
  createEndpointCall,
  createPointTableCall,
  createProductCall,
  deleteEndpointsCall,
  deleteProductCall,
  ENDPOINT_IMPORT_COLUMNS,
  ErrorCode,
  enableProductCall,
  endpointImportTemplateCall,
  errorMessage,
  getEndpointCall,
  importEndpointsCall,
  listEndpointsCall,
  type PointTableInput,
  type Product,
  saveProductParametersCall,
  updateEndpointCall,
  updateProductCall,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { recordEndpointMessage } from '../point-tables/endpoint-values.store.ts';

/** Endpoints through the API (issue 19): IDs, enabled products, gateways, import, state. */

let t: TestApp;
let acme: Owner;
let other: Owner;
let meter: Product;
let sensor: Product;
let draft: Product;
const LANGS = ['en', 'cn'] as const;

const TABLE: PointTableInput = {
  name: 'Meter map',
  protocol: 'modbusRtu',
  connectionType: 'rtuOverTcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 1,
  points: [{ name: 'voltage', functionCode: 3, address: '40001', dataType: 'FLOAT', byteOrder: 'CDAB' }],
};

async function product(owner: Owner, tableId: number, name: string, enable: boolean): Promise<Product> {
  const created = await owner.run(createProductCall, {
    pointTableId: tableId,
    name,
    type: 'meter',
    southboundApp: 'modbus_master',
    reportGroups: [{ name: 'G', type: 'property', strategy: 'CHANGE', points: ['voltage'] }],
  });
  expect(created.code, created.msg).toBe(0);
  const p = created.data!;
  if (!enable) return p;
  const params = p.parameters.map(({ point, title, code, dataType }) => ({ point, title, code, dataType }));
  await owner.run(saveProductParametersCall, { modelId: p.modelId, parameters: params });
  await owner.run(updateProductCall, {
    modelId: p.modelId,
    name: p.name,
    type: p.type,
    southboundApp: p.southboundApp,
    reportGroups: p.reportGroups,
    locationMethods: ['gateway'],
  });
  return (await owner.run(enableProductCall, { modelId: p.modelId })).data!;
}

function endpoint(endpointId: string, extra: Partial<CreateEndpointBody> = {}): CreateEndpointBody {
  return {
    endpointId,
    name: `Endpoint ${endpointId}`,
    modelId: meter.modelId,
    gatewaySn: 'GWACME0001',
    ...extra,
  };
}

async function xlsx(rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Endpoints');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Endpoints', 'owner@acme-endpoints.test');
  other = await companyOwner(t, 'Other Endpoints', 'owner@other-endpoints.test');
  await seedDevices(t, acme.companyId, [
    { sn: 'GWACME0001', name: 'Plant gateway', online: true },
    { sn: 'GWACME0002', name: 'Yard gateway', online: false },
  ]);
  await seedDevices(t, other.companyId, [{ sn: 'GWOTHER001', online: true }]);
  const table = (await acme.run(createPointTableCall, TABLE)).data!.pointTableId;
  meter = await product(acme, table, 'Energy meter', true);
  sensor = await product(acme, table, 'Sensor', true);
  draft = await product(acme, table, 'Draft', false);
});
afterAll(async () => {
  await t.close();
});

describe('adding endpoints', () => {
  it('adds an endpoint of an enabled product behind a company gateway, online with its gateway', async () => {
    const res = await acme.run(
      createEndpointCall,
      endpoint('EM0001', { description: 'Main board', targetVersion: '1.2' }),
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({
      endpointId: 'EM0001',
      name: 'Endpoint EM0001',
      description: 'Main board',
      modelId: meter.modelId,
      productName: 'Energy meter',
      gatewaySn: 'GWACME0001',
      gatewayName: 'Plant gateway',
      // The product's table connects by RTU over TCP, so the endpoint does too unless told otherwise.
      connectionMethod: 'rtuOverTcp',
      targetVersion: '1.2',
      // The gateway is online but has not reported the endpoint yet.
      state: 'offline',
      lastReportAt: null,
    });
    const got = await acme.run(getEndpointCall, { thingId: res.data!.thingId });
    expect(got.data!.endpointId).toBe('EM0001');
  });

  it('800001: an ID the company has, in any case; another company may use it', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(createEndpointCall, endpoint('em0001', { modelId: sensor.modelId }), lang);
      expect(res).toMatchObject({ code: ErrorCode.ENDPOINT_ID_EXISTS, msg: errorMessage(800001, lang) });
    }
    const theirs = await other.run(createPointTableCall, TABLE);
    const p = await product(other, theirs.data!.pointTableId, 'Their meter', true);
    const res = await other.run(
      createEndpointCall,
      endpoint('EM0001', { modelId: p.modelId, gatewaySn: 'GWOTHER001' }),
    );
    expect(res.code, res.msg).toBe(0);
  });

  it('ID: at least 4 letters or digits; name at most 100; description at most 200 (1 naming the field)', async () => {
    const cases: [Partial<CreateEndpointBody>, string][] = [
      [{ endpointId: 'EM1' }, 'endpointId'],
      [{ endpointId: 'EM-0001' }, 'endpointId'],
      [{ name: 'n'.repeat(101) }, 'name'],
      [{ name: '' }, 'name'],
      [{ description: 'd'.repeat(201) }, 'description'],
    ];
    for (const [change, field] of cases) {
      const res = await acme.run(createEndpointCall, {
        ...endpoint('EM0099', { modelId: sensor.modelId }),
        ...change,
      });
      expect(res.code, field).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg).toContain(field);
    }
    const ok = await acme.run(
      createEndpointCall,
      endpoint('EM0099', { modelId: sensor.modelId, name: 'n'.repeat(100), description: 'd'.repeat(200) }),
    );
    expect(ok.code, ok.msg).toBe(0);
    await acme.run(deleteEndpointsCall, { thingIds: [ok.data!.thingId] });
  });

  it('800006: a product not enabled; 800004 unknown; 800017 a group; 800019 not a company gateway', async () => {
    const cases: [Partial<CreateEndpointBody>, number][] = [
      [{ modelId: draft.modelId }, ErrorCode.PRODUCT_NOT_ENABLED],
      [{ modelId: 999_999 }, ErrorCode.PRODUCT_NOT_FOUND],
      [{ groupId: 7 }, ErrorCode.ENDPOINT_GROUP_NOT_FOUND],
      [{ gatewaySn: 'GWOTHER001' }, ErrorCode.ASSOCIATED_GATEWAY_NOT_FOUND],
      [{ gatewaySn: 'NOSUCHSN' }, ErrorCode.ASSOCIATED_GATEWAY_NOT_FOUND],
    ];
    for (const [change, code] of cases) {
      for (const lang of LANGS) {
        const res = await acme.run(
          createEndpointCall,
          endpoint('EM0100', { modelId: sensor.modelId, ...change }),
          lang,
        );
        expect(res, JSON.stringify(change)).toMatchObject({ code, msg: errorMessage(code, lang) });
      }
    }
    expect((await acme.run(listEndpointsCall, { search: 'EM0100' })).data!.total).toBe(0);
  });

  it('800020: the gateway already has an endpoint of the product', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(createEndpointCall, endpoint('EM0002'), lang);
      expect(res).toMatchObject({
        code: ErrorCode.GATEWAY_ALREADY_ASSOCIATED,
        msg: errorMessage(800020, lang),
      });
    }
    // Another product on the same gateway, or the same product on another gateway, is fine.
    expect((await acme.run(createEndpointCall, endpoint('TS0001', { modelId: sensor.modelId }))).code).toBe(
      0,
    );
    expect((await acme.run(createEndpointCall, endpoint('EM0002', { gatewaySn: 'GWACME0002' }))).code).toBe(
      0,
    );
  });
});

describe('state, list and edit', () => {
  it('shows gatewayOffline behind an offline gateway, online as the gateway reports it', async () => {
    // The gateway reports TS0001's poll round and EM0001 going offline, as up kind `endpoint` arrives.
    const at = t.clock.now().getTime();
    await recordEndpointMessage(t.deps.db, {
      companyId: acme.companyId,
      sn: 'GWACME0001',
      message: {
        type: 'endpoint',
        ts: at,
        samples: [{ endpointId: 'TS0001', ts: at, values: { temperature: 21.5 }, quality: 'good' }],
        presence: [{ endpointId: 'EM0001', ts: at, state: 'offline', reason: 'connection refused' }],
      },
      receivedAt: t.clock.now(),
    });
    const list = await acme.run(listEndpointsCall, { pageNum: 1, pageSize: 50 });
    expect(list.data!.list.map((e) => [e.endpointId, e.state])).toEqual([
      ['EM0001', 'offline'],
      ['EM0002', 'gatewayOffline'],
      ['TS0001', 'online'],
    ]);
    expect(list.data!.list.find((e) => e.endpointId === 'TS0001')?.lastReportAt).toBe(at);
    const offline = await acme.run(listEndpointsCall, { state: 'gatewayOffline' });
    expect(offline.data!.list.map((e) => e.endpointId)).toEqual(['EM0002']);
    await t.deps.db.updateTable('device').set({ online: false }).where('sn', '=', 'GWACME0001').execute();
    const after = await acme.run(listEndpointsCall, { search: 'ts0' });
    expect(after.data!.list.map((e) => [e.endpointId, e.state])).toEqual([['TS0001', 'gatewayOffline']]);
    await t.deps.db.updateTable('device').set({ online: true }).where('sn', '=', 'GWACME0001').execute();
  });

  it('searches by ID, name or gateway and pages', async () => {
    expect(
      (await acme.run(listEndpointsCall, { search: 'GWACME0002' })).data!.list.map((e) => e.endpointId),
    ).toEqual(['EM0002']);
    const page = await acme.run(listEndpointsCall, { pageNum: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.data!.list.map((e) => e.endpointId)).toEqual(['TS0001']);
    expect((await acme.run(listEndpointsCall, { modelId: sensor.modelId })).data!.total).toBe(1);
    expect((await other.run(listEndpointsCall, {})).data!.list.map((e) => e.endpointId)).toEqual(['EM0001']);
  });

  it('edits everything but the ID; 800033 a product not enabled; 800003 unknown', async () => {
    const em = (await acme.run(listEndpointsCall, { search: 'EM0002' })).data!.list[0]!;
    const change = {
      thingId: em.thingId,
      name: 'Yard meter',
      description: 'moved',
      modelId: meter.modelId,
      gatewaySn: 'GWACME0002',
      connectionMethod: 'tcp' as const,
      targetVersion: '2.0',
    };
    for (const lang of LANGS) {
      const res = await acme.run(updateEndpointCall, { ...change, modelId: draft.modelId }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.PRODUCT_NOT_ENABLED_ASSOCIATE,
        msg: errorMessage(800033, lang),
      });
    }
    expect((await acme.run(updateEndpointCall, { ...change, gatewaySn: 'GWACME0001' })).code).toBe(
      ErrorCode.GATEWAY_ALREADY_ASSOCIATED,
    );
    const res = await acme.run(updateEndpointCall, change);
    expect(res.data).toMatchObject({
      endpointId: 'EM0002',
      name: 'Yard meter',
      connectionMethod: 'tcp',
      targetVersion: '2.0',
    });
    expect((await acme.run(updateEndpointCall, { ...change, thingId: 999_999 })).code).toBe(
      ErrorCode.ENDPOINT_NOT_FOUND,
    );
    const theirs = (await other.run(listEndpointsCall, {})).data!.list[0]!;
    expect((await acme.run(getEndpointCall, { thingId: theirs.thingId })).code).toBe(
      ErrorCode.ENDPOINT_NOT_FOUND,
    );
    expect((await acme.run(updateEndpointCall, { ...change, thingId: theirs.thingId })).code).toBe(
      ErrorCode.ENDPOINT_NOT_FOUND,
    );
  });

  it('800007: a product with endpoints stays until they are removed', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(deleteProductCall, { modelId: sensor.modelId }, lang);
      expect(res).toMatchObject({ code: ErrorCode.PRODUCT_HAS_ENDPOINTS, msg: errorMessage(800007, lang) });
    }
    const ts = (await acme.run(listEndpointsCall, { modelId: sensor.modelId })).data!.list[0]!;
    const theirs = (await other.run(listEndpointsCall, {})).data!.list[0]!;
    // Another company's id in the list is skipped.
    const removed = await acme.run(deleteEndpointsCall, { thingIds: [ts.thingId, theirs.thingId] });
    expect(removed.data).toEqual({ deleted: 1 });
    expect((await other.run(listEndpointsCall, {})).data!.total).toBe(1);
    expect((await acme.run(deleteProductCall, { modelId: sensor.modelId })).code).toBe(0);
  });
});

describe('importing endpoints', () => {
  const header = [...ENDPOINT_IMPORT_COLUMNS];

  it('answers the template with its header row', async () => {
    const res = await acme.run(endpointImportTemplateCall, {});
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(res.data!.content, 'base64') as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as string[]).slice(1)).toEqual(header);
  });

  it('800034: a file that is not the template (other header, not a spreadsheet)', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(
        importEndpointsCall,
        {
          fileName: 'e.xlsx',
          content: await xlsx([
            ['ID', 'Name'],
            ['EM0200', 'x'],
          ]),
        },
        lang,
      );
      expect(res).toMatchObject({
        code: ErrorCode.ENDPOINT_IMPORT_TEMPLATE,
        msg: errorMessage(800034, lang),
      });
    }
    const junk = await acme.run(importEndpointsCall, {
      fileName: 'e.xlsx',
      content: Buffer.from('not a spreadsheet').toString('base64'),
    });
    expect(junk.code).toBe(ErrorCode.ENDPOINT_IMPORT_TEMPLATE);
    const csv = await acme.run(importEndpointsCall, { fileName: 'e.csv', content: 'YQ==' });
    expect(csv.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(csv.msg).toContain('Only .xlsx files can be imported');
  });

  it('800035: an ID twice in the file, in any case; nothing saved', async () => {
    const content = await xlsx([
      header,
      ['EM0300', 'a', '', 'Energy meter', 'GWACME0001', '', ''],
      ['em0300', 'b', '', 'Energy meter', 'GWACME0002', '', ''],
    ]);
    for (const lang of LANGS) {
      const res = await acme.run(importEndpointsCall, { fileName: 'e.xlsx', content, commit: true }, lang);
      expect(res).toMatchObject({
        code: ErrorCode.ENDPOINT_IMPORT_DUPLICATE,
        msg: errorMessage(800035, lang),
      });
    }
    expect((await acme.run(listEndpointsCall, { search: 'EM0300' })).data!.total).toBe(0);
  });

  it('previews row by row, saving nothing; the commit saves the valid rows only', async () => {
    const sensor2 = await product(acme, meter.pointTableId, 'Sensor 2', true);
    const content = await xlsx([
      header,
      ['EM0400', 'Meter 4', 'Hall', 'energy meter', 'GWNEW00001', '', '1.0'],
      ['SN0401', 'Sensor 4', '', 'Sensor 2', 'GWACME0001', 'serial', ''],
      ['EM0001', 'Taken', '', 'Energy meter', 'GWACME0001', '', ''],
      ['EM0402', 'Draft one', '', 'Draft', 'GWACME0001', '', ''],
      ['X1', 'Short', '', 'Nope', 'GWACME0001', '', ''],
      ['SN0403', 'Sensor again', '', 'Sensor 2', 'GWACME0001', '', ''],
    ]);
    await seedDevices(t, acme.companyId, [{ sn: 'GWNEW00001', online: true }]);
    const preview = await acme.run(importEndpointsCall, { fileName: 'endpoints.xlsx', content }, 'en');
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data).toMatchObject({ valid: 2, invalid: 4, imported: 0 });
    expect(preview.data!.rows.map((r) => [r.row, r.endpointId, r.errors])).toEqual([
      [2, 'EM0400', []],
      [3, 'SN0401', []],
      [4, 'EM0001', [errorMessage(800001, 'en'), errorMessage(800020, 'en')]],
      [5, 'EM0402', [errorMessage(800006, 'en')]],
      [6, 'X1', [expect.stringContaining('at least 4 letters or digits'), errorMessage(800004, 'en')]],
      // The row above takes the gateway for Sensor 2 (800020 within the file).
      [7, 'SN0403', [errorMessage(800020, 'en')]],
    ]);
    expect((await acme.run(listEndpointsCall, { search: 'EM0400' })).data!.total).toBe(0);
    const cn = await acme.run(importEndpointsCall, { fileName: 'endpoints.xlsx', content }, 'cn');
    expect(cn.data!.rows[3]!.errors).toEqual([errorMessage(800006, 'cn')]);

    const commit = await acme.run(importEndpointsCall, { fileName: 'endpoints.xlsx', content, commit: true });
    expect(commit.data).toMatchObject({ valid: 2, invalid: 4, imported: 2 });
    const saved = await acme.run(listEndpointsCall, { search: '040' });
    expect(
      saved.data!.list.map((e) => [e.endpointId, e.productName, e.connectionMethod, e.targetVersion]),
    ).toEqual([
      ['EM0400', 'Energy meter', 'rtuOverTcp', '1.0'],
      ['SN0401', 'Sensor 2', 'serial', ''],
    ]);
    expect(sensor2.state).toBe('enabled');
  });
});
