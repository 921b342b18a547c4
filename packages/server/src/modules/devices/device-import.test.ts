import {
  ErrorCode,
  IMPORT_MAX_ROWS,
  importDevicesCall,
  importTemplateCall,
  listDevicesCall,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from './device-test-kit.ts';

let t: TestApp;
let acme: Owner;
let other: Owner;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const HEADER = 'SN,Name,Model,MAC or IMEI,Tags';

async function xlsx(rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Water', 'owner@acme-import.test');
  other = await companyOwner(t, 'Other Grid', 'owner@other-import.test');
  await seedDevices(t, other.companyId, [{ sn: '20231105999999' }]);
  await seedDevices(t, acme.companyId, [{ sn: '20231105888888' }]);
});
afterAll(async () => {
  await t.close();
});

describe('device import', () => {
  it('previews a .csv row by row with the row number and saves nothing', async () => {
    const csv = [
      HEADER,
      '20231105000001,Pump 1,R1510-4L,00:1A:2B:3C:4D:01,north;pumps',
      'RT-1,Pump 2,R1510-4L,00:1A:2B:3C:4D:02,',
      '20231105000003,Pump 3,R1510-4L,not-an-id,',
      '',
      '20231105000001,Pump 1 again,R1510-4L,356789012345671,',
      '20231105999999,Elsewhere,R3000,00:1A:2B:3C:4D:05,',
      '20231105888888,Mine already,R3000,00:1A:2B:3C:4D:06,',
      '20231105000008,Tagged,R3000,00:1A:2B:3C:4D:07,a;b;c;d;e;f',
      `20231105000009,${'n'.repeat(31)},R3000,00:1A:2B:3C:4D:08,${'t'.repeat(21)}`,
    ].join('\n');
    const res = await acme.run(importDevicesCall, {
      fileName: 'devices.csv',
      content: b64(csv),
      commit: false,
    });
    expect(res.code).toBe(0);
    const byRow = Object.fromEntries(res.data!.rows.map((r) => [r.row, r.errors]));
    expect(byRow[2]).toEqual([]);
    expect(byRow[3]).toEqual(['SN: The serial number must be 14 digits']);
    expect(byRow[4]).toEqual(['MAC/IMEI: Please enter a valid MAC address, such as 00:1A:2B:3C:4D:5E']);
    // The blank line 5 is skipped but counted, so row numbers match the spreadsheet.
    expect(byRow[6]).toEqual(['Device IDs must be unique (row 2)']);
    // Another company's SN gets the words a device added by hand gets: nothing about who holds it.
    expect(byRow[7]).toEqual(['The device SN already exists']);
    expect(byRow[8]).toEqual(['The device is already registered to this company']);
    expect(byRow[9]).toEqual(['A device can have at most 5 tags']);
    expect(byRow[10]).toEqual([
      'Name: Max. 30 characters',
      `${'t'.repeat(21)}: The tag name can be at most 20 characters`,
    ]);
    expect(res.data).toMatchObject({ valid: 1, invalid: 7, imported: 0 });
    expect((await acme.run(listDevicesCall, { search: '20231105000001' })).total).toBe(0);
    // The commit saves the one valid row and answers the seven others with their rows again.
    const commit = await acme.run(importDevicesCall, {
      fileName: 'devices.csv',
      content: b64(csv),
      commit: true,
    });
    expect(commit.data).toMatchObject({ valid: 1, invalid: 7, imported: 1 });
    expect(commit.data!.rows.filter((r) => r.errors.length > 0).map((r) => r.row)).toEqual([
      3, 4, 6, 7, 8, 9, 10,
    ]);
    expect((await acme.run(listDevicesCall, { search: '20231105000001' })).total).toBe(1);
    expect((await acme.run(listDevicesCall, { search: '20231105000003' })).total).toBe(0);
    // The template's example SN is free again for the template test.
    expect(
      (await acme.call('POST', '/link/device/deleteDevices', { sns: ['20231105000001'] })).body.code,
    ).toBe(0);
  });

  it('answers the row errors in Chinese', async () => {
    const csv = `${HEADER}\nRT-1,Pump,R1,00:1A:2B:3C:4D:02,`;
    const res = await acme.run(importDevicesCall, { fileName: 'devices.csv', content: b64(csv) }, 'cn');
    expect(res.data?.rows[0]?.errors).toEqual(['SN: 序列号须为14位数字']);
  });

  it('commits a valid .xlsx: devices, claim rows and tags', async () => {
    const content = await xlsx([
      ['SN', 'Name', 'Model', 'MAC or IMEI', 'Tags'],
      ['20231105000101', 'Pump A', 'R1510-4L', '00:1a:2b:3c:4d:11', 'north'],
      ['20231105000102', 'Pump B', 'R1510-4L', '356789012345671', 'north;pumps'],
    ]);
    const preview = await acme.run(importDevicesCall, { fileName: 'fleet.xlsx', content });
    expect(preview.data).toMatchObject({ valid: 2, invalid: 0, imported: 0 });
    const res = await acme.run(importDevicesCall, { fileName: 'fleet.xlsx', content, commit: true });
    expect(res.data).toMatchObject({ valid: 2, invalid: 0, imported: 2 });
    const list = await acme.run(listDevicesCall, {
      search: '2023110500010',
      sortField: 'sn',
      sortOrder: 'asc',
    });
    expect(list.data?.list.map((d) => [d.sn, d.name, d.mac, d.imei, d.tags])).toEqual([
      ['20231105000101', 'Pump A', '00:1A:2B:3C:4D:11', null, ['north']],
      ['20231105000102', 'Pump B', null, '356789012345671', ['north', 'pumps']],
    ]);
    const claim = await t.deps.db
      .selectFrom('device_import')
      .select(['sn', 'company_id'])
      .where('sn', '=', '20231105000102')
      .executeTakeFirst();
    expect(claim).toEqual({ sn: '20231105000102', company_id: acme.companyId });
  });

  it(`refuses a file of more than ${IMPORT_MAX_ROWS} rows with 120024`, async () => {
    const rows = Array.from(
      { length: IMPORT_MAX_ROWS + 1 },
      (_, i) => `2023${String(i).padStart(10, '0')},,R1,00:1A:2B:3C:4D:5E,`,
    );
    const res = await acme.run(importDevicesCall, {
      fileName: 'big.csv',
      content: b64([HEADER, ...rows].join('\n')),
    });
    expect(res).toMatchObject({
      code: ErrorCode.IMPORT_LIMIT,
      msg: 'The number of imported devices exceeds the limit',
    });
  });

  it('refuses other file types and unreadable spreadsheets', async () => {
    const pdf = await acme.run(importDevicesCall, { fileName: 'devices.pdf', content: b64('x') });
    expect(pdf.msg).toBe('fileName: Only .xlsx and .csv files can be imported');
    const broken = await acme.run(importDevicesCall, { fileName: 'devices.xlsx', content: b64('not a zip') });
    expect(broken).toMatchObject({
      code: ErrorCode.PARAMETER_ERROR,
      msg: 'devices.xlsx: the file cannot be read',
    });
  });

  it('gives a template in both formats that imports as it is', async () => {
    for (const format of ['xlsx', 'csv'] as const) {
      const template = await acme.run(importTemplateCall, { format });
      expect(template.data?.fileName).toBe(`device-import-template.${format}`);
      const preview = await acme.run(importDevicesCall, {
        fileName: template.data!.fileName,
        content: template.data!.content,
      });
      expect(preview.data?.rows).toEqual([
        expect.objectContaining({
          row: 2,
          sn: '20231105000001',
          mac: '00:1A:2B:3C:4D:5E',
          tags: ['north', 'pumps'],
          errors: [],
        }),
      ]);
    }
  });
});
