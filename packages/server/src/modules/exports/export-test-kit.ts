import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { SignedIn } from '../../../test/accounts.ts';
import type { TestApp } from '../../../test/helpers.ts';

/** Helpers for tests of an area's export: the console's request body, the finished file read back. */

/** The export request the console's export button sends (core §7), for `fields` and the list's filter. */
export function exportBody(filterParams: Record<string, unknown>, fields: string[], prefix = 'devices') {
  return {
    fileNamePrefix: prefix,
    exportType: 'EXCEL',
    exportConfig: { columns: fields.map((field) => ({ field })) },
    dataSourceType: 'TABLE',
    dataSourceConfig: { filterParams },
    maxWaitMillisTimeOut: 120_000,
  };
}

/** The file behind a signed URL, as a browser would fetch it, read with exceljs. */
export async function sheetAt(t: TestApp, url: string): Promise<string[][]> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

/** The rows of a finished export record's file, through its download link. */
export async function downloaded(t: TestApp, who: SignedIn, recordId: number): Promise<string[][]> {
  const link = await who.call<{ url: string }>('POST', '/pl/exportRecord/getDownloadUrl', { recordId });
  expect(link.body.code).toBe(0);
  return sheetAt(t, link.body.data!.url);
}
