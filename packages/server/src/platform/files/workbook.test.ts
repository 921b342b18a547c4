import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  loadWorkbook,
  WORKBOOK_MAX_UNPACKED_BYTES,
  WorkbookRefusedError,
  zipUnpackedSize,
} from './workbook.ts';

/** Uploaded workbooks: a real one opens; a zip bomb and a non-zip are refused before anything unpacks. */

async function realWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Endpoints');
  sheet.addRow(['ID', 'Name']);
  sheet.addRow(['EM0001', 'Energy meter']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('uploaded workbooks', () => {
  it('opens a real .xlsx and reads its rows', async () => {
    const bytes = await realWorkbook();
    expect(zipUnpackedSize(bytes)).toBeGreaterThan(bytes.length);
    const book = await loadWorkbook(bytes);
    expect(book.worksheets[0]?.getRow(2).getCell(1).value).toBe('EM0001');
  });

  it('refuses a small file that would unpack past the bound, from its directory alone', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    // 80 MB of one byte compress to about 80 KB: what a hostile upload looks like.
    zip.file('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024, 0x20));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(zipUnpackedSize(bomb)).toBeGreaterThan(WORKBOOK_MAX_UNPACKED_BYTES);
    await expect(loadWorkbook(bomb)).rejects.toBeInstanceOf(WorkbookRefusedError);
  });

  it('refuses bytes that are no zip', async () => {
    expect(zipUnpackedSize(Buffer.from('name,id\nmeter,EM0001\n'))).toBeNull();
    await expect(loadWorkbook(Buffer.from('PK but not really'))).rejects.toBeInstanceOf(WorkbookRefusedError);
  });
});
