import { DEVICE_IMPORT_COLUMNS, XLSX_MIME_TYPE } from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { loadWorkbook } from '../../platform/files/workbook.ts';

/**
 * Reading an import file (.xlsx or .csv) into rows of text cells, and writing the template. The first
 * row is the header; data rows are numbered as a spreadsheet numbers them (the header is row 1).
 */

export const IMPORT_EXAMPLE = [
  '20231105000001',
  'Pump station 1',
  'R1510-4L',
  '00:1A:2B:3C:4D:5E',
  'north;pumps',
];

export interface ImportCells {
  row: number;
  cells: string[];
}

/** CSV with quoted fields ("a, b" and "" for a quote), comma or semicolon separated, any line ending. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes(',') || !firstLine.includes(';') ? ',' : ';';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    if (value instanceof Date) return value.toISOString();
  }
  return String(value);
}

/** The data rows of a file; a blank row is skipped but still counted, so row numbers match the sheet. */
export async function readImportFile(fileName: string, content: Buffer): Promise<ImportCells[]> {
  let table: string[][];
  if (/\.csv$/i.test(fileName)) {
    table = parseCsv(content.toString('utf8'));
  } else {
    const book = await loadWorkbook(content);
    const sheet = book.worksheets[0];
    table = [];
    sheet?.eachRow({ includeEmpty: true }, (row, number) => {
      const cells: string[] = [];
      for (let c = 1; c <= DEVICE_IMPORT_COLUMNS.length; c++) cells.push(cellText(row.getCell(c).value));
      table[number - 1] = cells;
    });
    for (let i = 0; i < table.length; i++) table[i] ??= [];
  }
  return table
    .map((cells, index) => ({ row: index + 1, cells: cells.map((c) => c.trim()) }))
    .slice(1)
    .filter((r) => r.cells.some((c) => c !== ''));
}

export async function importTemplate(format: 'xlsx' | 'csv'): Promise<{ content: Buffer; mimeType: string }> {
  if (format === 'csv') {
    const lines = [DEVICE_IMPORT_COLUMNS.join(','), IMPORT_EXAMPLE.join(',')];
    return { content: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'), mimeType: 'text/csv' };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow([...DEVICE_IMPORT_COLUMNS]);
  sheet.addRow(IMPORT_EXAMPLE);
  // Text cells: a spreadsheet would otherwise turn a 14-digit SN into 2.0231E+13.
  sheet.getColumn(1).numFmt = '@';
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return {
    content: Buffer.from(await book.xlsx.writeBuffer()),
    mimeType: XLSX_MIME_TYPE,
  };
}
