import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { activityWorkbook } from './activity-log.export.ts';

describe('the activity export', () => {
  it('never turns a name into a formula', async () => {
    const buffer = await activityWorkbook(
      [
        {
          id: 1,
          userId: 7,
          userName: '=HYPERLINK("http://evil.example","open")',
          loginAccount: '@SUM(1+1)',
          callId: 'users.update',
          object: '+cmd|calc',
          remoteAddress: '-1+2',
          resultCode: 0,
          at: Date.UTC(2026, 10, 24, 12, 0, 0),
        },
      ],
      'en',
      0,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(2);
    const cells = [2, 3, 6].map((column) => row.getCell(column));
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
    expect(cells.map((c) => c.value)).toEqual([
      `'=HYPERLINK("http://evil.example","open")`,
      `'@SUM(1+1)`,
      `'-1+2`,
    ]);
  });
});
