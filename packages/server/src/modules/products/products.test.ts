import {
  type CreateProductBody,
  createPointTableCall,
  createProductCall,
  deletePointTableCall,
  deleteProductCall,
  ErrorCode,
  enableProductCall,
  errorMessage,
  getPointTableCall,
  getProductCall,
  listProductsCall,
  listSimpleProductsCall,
  type PointTableInput,
  type Product,
  saveProductParametersCall,
  type UpdateProductBody,
  updateProductCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { upload } from '../device-templates/template-test-kit.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { pngHeader } from '../files/file-test-kit.ts';

/** Products through the API (issue 19): built from a point table, parameters first, enabled once. */

let t: TestApp;
let acme: Owner;
let other: Owner;
let tableId: number;
const LANGS = ['en', 'cn'] as const;

const METER: PointTableInput = {
  name: 'Energy meter map',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 1,
  points: [
    { name: 'voltage', functionCode: 3, address: '40001', dataType: 'FLOAT', byteOrder: 'CDAB' },
    { name: 'current', functionCode: 3, address: '40003', dataType: 'FLOAT', byteOrder: 'CDAB' },
    { name: 'temp x10', functionCode: 4, address: 0, dataType: 'INT-16', divisor: 10 },
    { name: 'relay1', functionCode: 5, address: 0, dataType: 'BOOLEAN' },
  ],
};

function body(name: string, extra: Partial<CreateProductBody> = {}): CreateProductBody {
  return {
    pointTableId: tableId,
    name,
    type: 'meter',
    southboundApp: 'modbus_master',
    reportGroups: [
      {
        name: 'Electrical',
        type: 'property',
        strategy: 'INTERVAL',
        frequency: { value: 30, unit: 'second' },
        points: ['voltage', 'current'],
      },
      { name: 'Relays', type: 'property', strategy: 'CHANGE', points: ['relay1'] },
    ],
    ...extra,
  };
}

/** The edit body that keeps a product as it is. */
function same(p: Product, change: Partial<UpdateProductBody> = {}): UpdateProductBody {
  return {
    modelId: p.modelId,
    name: p.name,
    logoFileId: p.logoFileId,
    type: p.type,
    southboundApp: p.southboundApp,
    reportGroups: p.reportGroups,
    tags: p.tags,
    locationMethods: p.locationMethods,
    controls: p.controls,
    ...change,
  };
}

async function create(name: string, extra: Partial<CreateProductBody> = {}): Promise<Product> {
  const res = await acme.run(createProductCall, body(name, extra));
  expect(res.code, res.msg).toBe(0);
  return res.data!;
}

async function saveDrafted(p: Product): Promise<Product> {
  const res = await acme.run(saveProductParametersCall, {
    modelId: p.modelId,
    parameters: p.parameters.map(({ point, title, code, dataType }) => ({ point, title, code, dataType })),
  });
  expect(res.code, res.msg).toBe(0);
  return res.data!;
}

/** A product ready to enable: parameters saved, one location method. */
async function ready(name: string): Promise<Product> {
  const saved = await saveDrafted(await create(name));
  const res = await acme.run(updateProductCall, same(saved, { locationMethods: ['gateway'] }));
  expect(res.code, res.msg).toBe(0);
  return res.data!;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Products', 'owner@acme-products.test');
  other = await companyOwner(t, 'Other Products', 'owner@other-products.test');
  tableId = (await acme.run(createPointTableCall, METER)).data!.pointTableId;
});
afterAll(async () => {
  await t.close();
});

describe('building a product from a point table', () => {
  it('puts the points of its report groups into drafted parameters, not enabled', async () => {
    const p = await create('Meter A');
    expect(p).toMatchObject({
      name: 'Meter A',
      state: 'notEnabled',
      protocol: 'modbusTcp',
      pointTableId: tableId,
      pointTableName: 'Energy meter map',
      parametersSaved: false,
      endpointCount: 0,
      enabledAt: null,
    });
    expect(p.reportGroups.map((g) => [g.name, g.strategy, g.frequency, g.points])).toEqual([
      ['Electrical', 'INTERVAL', { value: 30, unit: 'second' }, ['voltage', 'current']],
      ['Relays', 'CHANGE', null, ['relay1']],
    ]);
    expect(p.parameters.map((x) => [x.point, x.title, x.code, x.dataType, x.pointType])).toEqual([
      ['voltage', 'voltage', 'voltage', 'float', 'FLOAT'],
      ['current', 'current', 'current', 'float', 'FLOAT'],
      ['relay1', 'relay1', 'relay1', 'boolean', 'BOOLEAN'],
    ]);
    // The table now counts the product built from it, and cannot be removed (900003).
    expect((await acme.run(getPointTableCall, { pointTableId: tableId })).data!.productCount).toBeGreaterThan(
      0,
    );
    expect((await acme.run(deletePointTableCall, { pointTableId: tableId })).code).toBe(
      ErrorCode.POINT_TABLE_IN_USE,
    );
  });

  it('drafts a field code from a point name that is not one, and types scaled registers as float', async () => {
    const p = await create('Meter codes', {
      reportGroups: [{ name: 'Env', type: 'property', strategy: 'IMMEDIATELY', points: ['temp x10'] }],
    });
    expect(p.parameters).toMatchObject([{ point: 'temp x10', code: 'temp_x10', dataType: 'float' }]);
  });

  it('800005: a product name the company has, in any case; another company may use it', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(createProductCall, body('METER A'), lang);
      expect(res).toMatchObject({ code: ErrorCode.PRODUCT_NAME_EXISTS, msg: errorMessage(800005, lang) });
    }
    const theirs = await other.run(createPointTableCall, METER);
    const res = await other.run(createProductCall, {
      ...body('Meter A'),
      pointTableId: theirs.data!.pointTableId,
    });
    expect(res.code).toBe(0);
  });

  it('800012: two report groups of one name, in any case', async () => {
    for (const lang of LANGS) {
      const res = await acme.run(
        createProductCall,
        body('Meter dup', {
          reportGroups: [
            { name: 'Power', type: 'property', strategy: 'CHANGE', points: ['voltage'] },
            { name: 'power ', type: 'event', strategy: 'CHANGE', points: ['current'] },
          ],
        }),
        lang,
      );
      expect(res).toMatchObject({ code: ErrorCode.REPORT_EXISTS, msg: errorMessage(800012, lang) });
    }
    expect((await acme.run(listProductsCall, { name: 'Meter dup' })).data!.total).toBe(0);
  });

  it('refuses a point not in the table or in two groups, naming the field (1)', async () => {
    const unknown = await acme.run(
      createProductCall,
      body('Meter bad', {
        reportGroups: [{ name: 'G', type: 'property', strategy: 'CHANGE', points: ['voltage', 'power'] }],
      }),
    );
    expect(unknown.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(unknown.msg).toContain('Point power is not in the point table');
    const twice = await acme.run(
      createProductCall,
      body('Meter bad', {
        reportGroups: [
          { name: 'G1', type: 'property', strategy: 'CHANGE', points: ['voltage'] },
          { name: 'G2', type: 'property', strategy: 'CHANGE', points: ['voltage'] },
        ],
      }),
      'cn',
    );
    expect(twice.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(twice.msg).toContain('点voltage在多个上报分组中');
  });

  it('upload frequency: 1-59 seconds or minutes, 1-23 hours; INTERVAL needs one, REGULAR a time', async () => {
    const group = (
      frequency: { value: number; unit: 'second' | 'minute' | 'hour' } | null,
      strategy = 'INTERVAL',
    ) =>
      body('Meter freq', {
        reportGroups: [
          { name: 'G', type: 'property', strategy: strategy as 'INTERVAL', frequency, points: ['voltage'] },
        ],
      });
    for (const bad of [
      { value: 0, unit: 'second' },
      { value: 60, unit: 'minute' },
      { value: 24, unit: 'hour' },
      { value: 1.5, unit: 'second' },
    ] as const) {
      const res = await acme.run(createProductCall, group(bad));
      expect(res.code, JSON.stringify(bad)).toBe(ErrorCode.PARAMETER_ERROR);
      expect(res.msg).toContain('frequency');
    }
    expect((await acme.run(createProductCall, group(null))).msg).toContain('frequency');
    expect((await acme.run(createProductCall, group(null, 'REGULAR'))).msg).toContain('time');
    const ok = await acme.run(createProductCall, group({ value: 23, unit: 'hour' }));
    expect(ok.code).toBe(0);
    expect(ok.data!.reportGroups[0]!.frequency).toEqual({ value: 23, unit: 'hour' });
  });

  it("keeps a logo of the company's product logo uploads; another file is 1 naming logoFileId", async () => {
    const logo = await upload(t, acme, 'productLogo', 'logo.png', pngHeader(320, 150));
    const res = await acme.run(createProductCall, body('Meter logo', { logoFileId: logo.fileId }));
    expect(res.data).toMatchObject({ logoFileId: logo.fileId });
    const xml = await upload(t, acme, 'configXml', 'c.xml', Buffer.from('<config/>'));
    const theirs = await upload(t, other, 'productLogo', 'logo.png', pngHeader(320, 150));
    for (const fileId of [xml.fileId, theirs.fileId]) {
      const bad = await acme.run(createProductCall, body('Meter logo 2', { logoFileId: fileId }));
      expect(bad.code).toBe(ErrorCode.PARAMETER_ERROR);
      expect(bad.msg).toContain('logoFileId');
    }
  });

  it('900002: a point table of another company', async () => {
    const theirs = await other.run(createPointTableCall, { ...METER, name: 'Theirs 2' });
    const res = await acme.run(createProductCall, {
      ...body('Meter x'),
      pointTableId: theirs.data!.pointTableId,
    });
    expect(res.code).toBe(ErrorCode.POINT_TABLE_NOT_FOUND);
  });
});

describe('parameters, tags, location and controls', () => {
  it('800016: nothing else changes before the parameters are saved; enabling neither', async () => {
    const p = await create('Meter P');
    for (const lang of LANGS) {
      const res = await acme.run(updateProductCall, same(p, { tags: ['north'] }), lang);
      expect(res).toMatchObject({ code: ErrorCode.SAVE_PARAMETERS_FIRST, msg: errorMessage(800016, lang) });
    }
    expect((await acme.run(enableProductCall, { modelId: p.modelId })).code).toBe(
      ErrorCode.SAVE_PARAMETERS_FIRST,
    );
    const saved = await saveDrafted(p);
    expect(saved.parametersSaved).toBe(true);
    const edited = await acme.run(updateProductCall, same(saved, { tags: ['north'] }));
    expect(edited.data!.tags).toEqual(['north']);
  });

  it('saves titles, codes and types; 800010 code twice, 800011 title twice, none empty', async () => {
    const p = await create('Meter Q');
    const params = p.parameters.map(({ point, title, code, dataType }) => ({ point, title, code, dataType }));
    const dupCode = params.map((x, i) => (i === 1 ? { ...x, code: 'VOLTAGE' } : x));
    expect(
      (await acme.run(saveProductParametersCall, { modelId: p.modelId, parameters: dupCode })).code,
    ).toBe(ErrorCode.PARAMETER_CODE_EXISTS);
    const dupTitle = params.map((x, i) => (i === 1 ? { ...x, title: 'voltage' } : x));
    expect(
      (await acme.run(saveProductParametersCall, { modelId: p.modelId, parameters: dupTitle })).code,
    ).toBe(ErrorCode.PARAMETER_NAME_EXISTS);
    const empty = params.map((x, i) => (i === 0 ? { ...x, title: ' ' } : x));
    const emptyRes = await acme.run(saveProductParametersCall, { modelId: p.modelId, parameters: empty });
    expect(emptyRes.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(emptyRes.msg).toContain('title');
    const badCode = params.map((x, i) => (i === 0 ? { ...x, code: '1volt' } : x));
    expect(
      (await acme.run(saveProductParametersCall, { modelId: p.modelId, parameters: badCode })).msg,
    ).toContain('Start with a letter');
    const missing = await acme.run(saveProductParametersCall, {
      modelId: p.modelId,
      parameters: params.slice(1),
    });
    expect(missing.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(missing.msg).toContain('Point voltage of the report groups has no parameter');
    const good = params.map((x, i) => (i === 0 ? { ...x, title: 'Voltage L1', code: 'u1' } : x));
    const res = await acme.run(saveProductParametersCall, { modelId: p.modelId, parameters: good });
    expect(res.data!.parameters[0]).toMatchObject({ title: 'Voltage L1', code: 'u1', point: 'voltage' });
    expect((await acme.run(getProductCall, { modelId: p.modelId })).data!.parametersSaved).toBe(true);
  });

  it('800032 tag twice, 800009 two location methods, 800013/800014 control twice, 800015 unknown parameter', async () => {
    const p = await saveDrafted(await create('Meter R'));
    const control = { name: 'RelayOn', code: 'relay_on', mandatory: true, parameters: ['relay1'] };
    const cases: [Partial<UpdateProductBody>, number][] = [
      [{ tags: ['North', 'north'] }, ErrorCode.PRODUCT_TAG_EXISTS],
      [{ locationMethods: ['gateway', 'gps'] }, ErrorCode.ONE_LOCATION_METHOD],
      [{ controls: [control, { ...control, code: 'other' }] }, ErrorCode.CONTROL_NAME_EXISTS],
      [{ controls: [control, { ...control, name: 'Other' }] }, ErrorCode.CONTROL_CODE_EXISTS],
      [{ controls: [{ ...control, parameters: ['power'] }] }, ErrorCode.DATA_OUT_OF_SPEC],
    ];
    for (const [change, code] of cases) {
      for (const lang of LANGS) {
        const res = await acme.run(updateProductCall, same(p, change), lang);
        expect(res, JSON.stringify(change)).toMatchObject({ code, msg: errorMessage(code, lang) });
      }
    }
    const badName = await acme.run(
      updateProductCall,
      same(p, { controls: [{ ...control, name: '_relay' }] }),
    );
    expect(badName.code).toBe(ErrorCode.PARAMETER_ERROR);
    const emptyTag = await acme.run(updateProductCall, same(p, { tags: [''] }));
    expect(emptyTag.code).toBe(ErrorCode.PARAMETER_ERROR);
    const res = await acme.run(
      updateProductCall,
      same(p, { tags: ['North'], locationMethods: ['gps'], controls: [control] }),
    );
    expect(res.data).toMatchObject({ tags: ['North'], locationMethods: ['gps'], controls: [control] });
    expect((await acme.run(getProductCall, { modelId: p.modelId })).data!.controls).toEqual([control]);
  });

  it('a point added to a group gets a drafted parameter that must be saved again (800016)', async () => {
    const p = await saveDrafted(await create('Meter S'));
    const groups = p.reportGroups.map((g, i) => (i === 1 ? { ...g, points: ['relay1', 'temp x10'] } : g));
    const res = await acme.run(updateProductCall, same(p, { reportGroups: groups }));
    expect(res.data).toMatchObject({ parametersSaved: false });
    expect(res.data!.parameters.map((x) => x.point)).toEqual(['voltage', 'current', 'relay1', 'temp x10']);
    expect((await acme.run(updateProductCall, same(res.data!, { tags: ['x'] }))).code).toBe(
      ErrorCode.SAVE_PARAMETERS_FIRST,
    );
  });
});

describe('enabling', () => {
  it('800009: a product without a location method cannot be enabled', async () => {
    const p = await saveDrafted(await create('Meter T'));
    for (const lang of LANGS) {
      const res = await acme.run(enableProductCall, { modelId: p.modelId }, lang);
      expect(res).toMatchObject({ code: ErrorCode.ONE_LOCATION_METHOD, msg: errorMessage(800009, lang) });
    }
  });

  it('enables once, irreversibly; then only report-group frequencies change (800008)', async () => {
    const p = await ready('Meter U');
    const enabled = await acme.run(enableProductCall, { modelId: p.modelId });
    expect(enabled.data).toMatchObject({ state: 'enabled', enabledAt: t.clock.now().getTime() });
    // Enabling again leaves it enabled, as it was.
    expect((await acme.run(enableProductCall, { modelId: p.modelId })).data!.enabledAt).toBe(
      enabled.data!.enabledAt,
    );
    const product = enabled.data!;
    const locked: Partial<UpdateProductBody>[] = [
      { name: 'Meter U2' },
      { tags: ['new'] },
      { southboundApp: 'other_app' },
      { locationMethods: ['gps'] },
      { reportGroups: product.reportGroups.map((g) => ({ ...g, name: `${g.name}!` })) },
      { reportGroups: product.reportGroups.map((g) => ({ ...g, strategy: 'IMMEDIATELY' as const })) },
      { reportGroups: [product.reportGroups[0]!] },
    ];
    for (const change of locked) {
      const res = await acme.run(updateProductCall, same(product, change));
      expect(res, JSON.stringify(change)).toMatchObject({
        code: ErrorCode.PRODUCT_ENABLED_LOCKED,
        msg: errorMessage(800008, 'en'),
      });
    }
    const params = product.parameters.map(({ point, title, code, dataType }) => ({
      point,
      title,
      code,
      dataType,
    }));
    expect((await acme.run(saveProductParametersCall, { modelId: p.modelId, parameters: params })).code).toBe(
      ErrorCode.PRODUCT_ENABLED_LOCKED,
    );
    const faster = product.reportGroups.map((g, i) =>
      i === 0 ? { ...g, frequency: { value: 5, unit: 'minute' as const } } : g,
    );
    const res = await acme.run(updateProductCall, same(product, { reportGroups: faster }));
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'enabled', name: 'Meter U' });
    expect(res.data!.reportGroups[0]!.frequency).toEqual({ value: 5, unit: 'minute' });
  });

  it('lists enabled products with published: 1 and every product otherwise', async () => {
    const all = await acme.run(listProductsCall, { pageNum: 1, pageSize: 99999 });
    const published = await acme.run(listProductsCall, { published: 1, pageNum: 1, pageSize: 99999 });
    expect(published.data!.list.map((p) => p.name)).toEqual(['Meter U']);
    expect(all.data!.total).toBeGreaterThan(published.data!.total);
    const simple = await acme.run(listSimpleProductsCall, { published: 1 });
    expect(simple.data).toEqual([
      { modelId: published.data!.list[0]!.modelId, name: 'Meter U', state: 'enabled', protocol: 'modbusTcp' },
    ]);
    // Another company sees none of them.
    expect((await other.run(listSimpleProductsCall, {})).data!.map((p) => p.name)).toEqual(['Meter A']);
  });
});

describe('removing', () => {
  it('removes a product without endpoints; 800004 after', async () => {
    const p = await create('Meter V');
    expect((await acme.run(deleteProductCall, { modelId: p.modelId })).code).toBe(0);
    for (const lang of LANGS) {
      const res = await acme.run(getProductCall, { modelId: p.modelId }, lang);
      expect(res).toMatchObject({ code: ErrorCode.PRODUCT_NOT_FOUND, msg: errorMessage(800004, lang) });
    }
  });

  it("800004: another company's product is neither read, changed nor removed", async () => {
    const theirs = (await other.run(listSimpleProductsCall, {})).data![0]!;
    expect((await acme.run(getProductCall, { modelId: theirs.modelId })).code).toBe(
      ErrorCode.PRODUCT_NOT_FOUND,
    );
    expect((await acme.run(deleteProductCall, { modelId: theirs.modelId })).code).toBe(
      ErrorCode.PRODUCT_NOT_FOUND,
    );
    expect((await acme.run(enableProductCall, { modelId: theirs.modelId })).code).toBe(
      ErrorCode.PRODUCT_NOT_FOUND,
    );
    expect((await other.run(getProductCall, { modelId: theirs.modelId })).data!.name).toBe('Meter A');
  });
});
