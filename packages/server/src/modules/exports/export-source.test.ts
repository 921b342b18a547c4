import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { streamedSheet } from './export-source.ts';

async function written(rows: (string | number | null)[][]): Promise<ExcelJS.Row> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => out.on('end', resolve));
  const sheet = streamedSheet(out, 'Activity log', ['User', 'Login account', 'Object', 'Address', 'Count']);
  for (const row of rows) sheet.add(row);
  await sheet.finish();
  await done;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets[0]!.getRow(2);
}

describe('an exported sheet', () => {
  it('never turns a name into a formula', async () => {
    const row = await written([
      ['=HYPERLINK("http://evil.example","open")', '@SUM(1+1)', '+cmd|calc', '-1+2', -12],
    ]);
    const cells = [1, 2, 3, 4].map((column) => row.getCell(column));
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    expect(cells.map((c) => c.value)).toEqual([
      `'=HYPERLINK("http://evil.example","open")`,
      `'@SUM(1+1)`,
      `'+cmd|calc`,
      `'-1+2`,
    ]);
    // Numbers stay numbers.
    expect(row.getCell(5).value).toBe(-12);
  });
});
