import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVICE_IMPORT_COLUMNS } from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createFleet } from './fleet.ts';
import { writeImportFile } from './import-file.ts';

const fleet = (count: number, firstIndex?: number) =>
  createFleet(count, { url: 'mqtt://localhost:1', firstIndex }).identities();

describe('import files of a simulated fleet', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sim-import-'));

  it('writes an .xlsx the console reads: the template header, then one router per row', async () => {
    const file = path.join(dir, 'routers.xlsx');
    await writeImportFile(file, fleet(3));
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual([...DEVICE_IMPORT_COLUMNS]);
    const [first] = fleet(1);
    expect(rows).toHaveLength(4);
    expect(rows[1]!.slice(1)).toEqual([first!.sn, first!.sn, first!.model, first!.mac, 'sim']);
  });

  it('writes a .csv when the name says so', async () => {
    const file = path.join(dir, 'routers.csv');
    await writeImportFile(file, fleet(2));
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe(DEVICE_IMPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
  });

  it('router 201 is the same router in a fleet of 250 and in 50 routers from --first 201', () => {
    const whole = fleet(250);
    const later = fleet(50, 201);
    expect(later.map((d) => [d.sn, d.model, d.mac])).toEqual(
      whole.slice(200).map((d) => [d.sn, d.model, d.mac]),
    );
  });
});
