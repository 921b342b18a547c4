import {
  createPointTableCall,
  ErrorCode,
  exportPointTableCall,
  importPointTableCall,
  POINT_TABLE_XLSX_COLUMNS,
  type PointTableInput,
  XLSX_MIME_TYPE,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';

/** Point tables as .xlsx (issue 19): exported, read back with exceljs, imported with a preview per row. */

let t: TestApp;
let acme: Owner;
let other: Owner;

const METER: PointTableInput = {
  name: 'Meter sheet',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 3,
  points: [
    { name: 'voltage', functionCode: 3, address: '40001', dataType: 'FLOAT', byteOrder: 'CDAB', batch: 1 },
    { name: 'current', functionCode: 3, address: '40003', dataType: 'FLOAT', byteOrder: 'CDAB', batch: 1 },
    {
      name: 'temperature',
      functionCode: 4,
      address: 0,
      dataType: 'INT-16',
      multiplier: 0.1,
      decimals: 1,
      min: -40,
    },
    { name: 'relay1', functionCode: 5, address: 0, dataType: 'BOOLEAN', onChange: true },
  ],
};

async function workbookOf(base64: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  return book;
}

async function base64Of(book: ExcelJS.Workbook): Promise<string> {
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

let exported: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Sheets', 'owner@acme-sheets.test');
  other = await companyOwner(t, 'Other Sheets', 'owner@other-sheets.test');
  const saved = await acme.run(createPointTableCall, METER);
  expect(saved.code).toBe(0);
  const res = await acme.run(exportPointTableCall, { pointTableId: saved.data!.pointTableId });
  expect(res.code).toBe(0);
  expect(res.data).toMatchObject({ fileName: 'Meter_sheet.xlsx', mimeType: XLSX_MIME_TYPE });
  exported = res.data!.content;
});
afterAll(async () => {
  await t?.close();
});

describe('point table export', () => {
  it('writes the table and one row per point, addresses as protocol offsets', async () => {
    const book = await workbookOf(exported);
    const table = book.getWorksheet('Table')!;
    const fields = Object.fromEntries(
      table
        .getSheetValues()
        .slice(2)
        .map((row) => [(row as unknown[])[1], (row as unknown[])[2]]),
    );
    expect(fields).toEqual({
      name: 'Meter sheet',
      protocol: 'modbusTcp',
      connectionType: 'tcp',
      slaveIp: '192.168.1.20',
      slavePort: 502,
      slaveId: 3,
    });
    const points = book.getWorksheet('Points')!;
    expect((points.getRow(1).values as unknown[]).slice(1)).toEqual([...POINT_TABLE_XLSX_COLUMNS]);
    const rows = points.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[3], r[5]])).toEqual([
      ['voltage', 0, 'CDAB'],
      ['current', 2, 'CDAB'],
      ['temperature', 0, 'ABCD'],
      ['relay1', 0, 'ABCD'],
    ]);
    // multiplier, onChange, min as the API has them.
    expect(rows[2]![6]).toBe(0.1);
    expect(rows[3]![13]).toBe(true);
    expect(rows[2]![16]).toBe(-40);
  });

  it('900002 for another company’s table', async () => {
    const res = await other.run(exportPointTableCall, { pointTableId: 1 });
    expect(res.code).toBe(ErrorCode.POINT_TABLE_NOT_FOUND);
  });
});

describe('point table import', () => {
  it('previews an exported table without saving it, then saves it under a new name', async () => {
    const preview = await acme.run(importPointTableCall, { fileName: 'meter.xlsx', content: exported });
    expect(preview.data).toMatchObject({ name: 'Meter sheet', invalid: 0, tableProblems: [], saved: null });
    expect(preview.data!.rows.map((r) => [r.row, r.name, r.problems])).toEqual([
      [2, 'voltage', []],
      [3, 'current', []],
      [4, 'temperature', []],
      [5, 'relay1', []],
    ]);
    // Same name: 900001, nothing saved.
    const again = await acme.run(importPointTableCall, {
      fileName: 'meter.xlsx',
      content: exported,
      commit: true,
    });
    expect(again.code).toBe(ErrorCode.POINT_TABLE_NAME_EXISTS);
    const book = await workbookOf(exported);
    book.getWorksheet('Table')!.getRow(2).getCell(2).value = 'Meter copy';
    const saved = await acme.run(importPointTableCall, {
      fileName: 'meter.xlsx',
      content: await base64Of(book),
      commit: true,
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data!.saved).toMatchObject({ name: 'Meter copy', slaveId: 3 });
    expect(saved.data!.saved!.points.map((p) => [p.name, p.address, p.byteOrder, p.multiplier])).toEqual([
      ['voltage', 0, 'CDAB', 1],
      ['current', 2, 'CDAB', 1],
      ['temperature', 0, 'ABCD', 0.1],
      ['relay1', 0, 'ABCD', 1],
    ]);
  });

  it('names each bad row and field, in the caller’s language, and saves nothing', async () => {
    const book = await workbookOf(exported);
    book.getWorksheet('Table')!.getRow(2).getCell(2).value = 'Broken sheet';
    const points = book.getWorksheet('Points')!;
    // Row 3: a FLOAT written with 6 tears; row 5: a coil at offset 70000.
    points.getRow(3).getCell(2).value = 6;
    points.getRow(5).getCell(3).value = 70000;
    // A datasheet address typed as text is read as one.
    points.getRow(4).getCell(3).value = '30001';
    const content = await base64Of(book);
    for (const lang of ['en', 'cn'] as const) {
      const res = await acme.run(
        importPointTableCall,
        { fileName: 'broken.xlsx', content, commit: true },
        lang,
      );
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ invalid: 2, saved: null });
      const bad = res.data!.rows.filter((r) => r.problems.length > 0);
      expect(bad.map((r) => [r.row, r.name, r.problems.map((p) => p.field)])).toEqual([
        [3, 'current', ['functionCode']],
        [5, 'relay1', ['address']],
      ]);
      for (const row of bad) for (const p of row.problems) expect(p.message).not.toBe('');
    }
    const cn = await acme.run(importPointTableCall, { fileName: 'broken.xlsx', content }, 'cn');
    const en = await acme.run(importPointTableCall, { fileName: 'broken.xlsx', content }, 'en');
    expect(cn.data!.rows[1]!.problems[0]!.message).not.toBe(en.data!.rows[1]!.problems[0]!.message);
  });

  it('code 1 naming fileName for another file type, an unreadable file, or one without a Points sheet', async () => {
    const csv = await acme.run(importPointTableCall, { fileName: 'meter.csv', content: exported });
    expect(csv).toMatchObject({ code: 1, msg: 'fileName: Only .xlsx files can be imported' });
    const junk = await acme.run(importPointTableCall, {
      fileName: 'meter.xlsx',
      content: Buffer.from('not a workbook').toString('base64'),
    });
    expect(junk).toMatchObject({ code: 1, msg: 'fileName: meter.xlsx: the file cannot be read' });
    const empty = new ExcelJS.Workbook();
    empty.addWorksheet('Sheet1');
    const none = await acme.run(importPointTableCall, { fileName: 'x.xlsx', content: await base64Of(empty) });
    expect(none).toMatchObject({ code: 1, msg: expect.stringContaining('fileName') });
  });
});
