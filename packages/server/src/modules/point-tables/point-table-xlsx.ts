import {
  type FieldError,
  type Lang,
  localizeIssues,
  POINT_TABLE_XLSX_COLUMNS,
  POINT_TABLE_XLSX_FIELDS,
  type PointTable,
  type PointTableFields,
  PointTableInputSchema,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { loadWorkbook } from '../../platform/files/workbook.ts';

/*
 * A point table as .xlsx (issue 19): sheet "Table" holds the table's own fields as (field, value)
 * rows, sheet "Points" one row per point under a header of the API's field names. Export and import
 * use the same layout, so an exported table imports unchanged; addresses are exported as protocol
 * offsets (numbers), and a text cell such as "40001" is read as a datasheet address.
 */

export const TABLE_SHEET = 'Table';
export const POINTS_SHEET = 'Points';

/** The workbook of a saved table. */
export async function pointTableWorkbook(table: PointTable): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const fields = book.addWorksheet(TABLE_SHEET);
  fields.addRow(['field', 'value']);
  for (const field of POINT_TABLE_XLSX_FIELDS) fields.addRow([field, table[field]]);
  const points = book.addWorksheet(POINTS_SHEET);
  points.addRow([...POINT_TABLE_XLSX_COLUMNS]);
  for (const p of table.points) points.addRow(POINT_TABLE_XLSX_COLUMNS.map((c) => p[c] ?? null));
  fields.getColumn(1).width = 16;
  fields.getColumn(2).width = 24;
  points.columns.forEach((column) => {
    column.width = 14;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A cell as the API would take it: numbers and booleans as they are, rich text as text, empty as absent. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if (value instanceof Date) return value.toISOString();
  }
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return typeof value === 'string' ? value.trim() : value;
}

/** Text typed where the API takes a number or true/false ("0.1", "TRUE") becomes one. */
function typed(column: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  // A text address is a datasheet address (40001): it stays text.
  if (column === 'address' || column === 'name') return value;
  if (column === 'onChange') {
    if (/^(true|1|yes)$/i.test(value)) return true;
    if (/^(false|0|no)$/i.test(value)) return false;
    return value;
  }
  const n = Number(value);
  return value !== '' &&
    Number.isFinite(n) &&
    !/^(protocol|connectionType|slaveIp|dataType|byteOrder|trigger)$/.test(column)
    ? n
    : value;
}

export interface PointTableImport {
  name: string;
  tableProblems: FieldError[];
  rows: { row: number; name: string; problems: FieldError[] }[];
  /** The table as the API takes it, when nothing is wrong. */
  table: PointTableFields | null;
}

/** Reads a workbook into the table it holds, every problem named by its row and field. Throws when unreadable. */
export async function readPointTableWorkbook(content: Buffer, lang: Lang): Promise<PointTableImport | null> {
  const book = await loadWorkbook(content);
  const fieldsSheet = book.getWorksheet(TABLE_SHEET);
  const pointsSheet = book.getWorksheet(POINTS_SHEET);
  if (!pointsSheet) return null;
  const table: Record<string, unknown> = {};
  fieldsSheet?.eachRow((row, number) => {
    if (number === 1) return;
    const field = cellValue(row.getCell(1).value);
    const value = cellValue(row.getCell(2).value);
    if (typeof field === 'string' && value !== undefined) table[field] = typed(field, value);
  });
  const header = (pointsSheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => cellValue(v));
  if (!header.includes('name')) return null;
  const points: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  pointsSheet.eachRow((row, number) => {
    if (number === 1) return;
    const point: Record<string, unknown> = {};
    header.forEach((column, c) => {
      if (typeof column !== 'string' || !column) return;
      const value = cellValue(row.getCell(c).value);
      if (value !== undefined) point[column] = typed(column, value);
    });
    if (Object.keys(point).length === 0) return;
    points.push(point);
    rowNumbers.push(number);
  });
  const parsed = PointTableInputSchema.safeParse({ ...table, points }, { reportInput: true });
  const rows = points.map((p, i) => ({
    row: rowNumbers[i]!,
    name: typeof p.name === 'string' ? p.name : String(p.name ?? ''),
    problems: [] as FieldError[],
  }));
  const tableProblems: FieldError[] = [];
  if (!parsed.success) {
    for (const problem of localizeIssues(parsed.error, lang)) {
      const match = /^points\.(\d+)(?:\.(.+))?$/.exec(problem.field);
      const target = match ? rows[Number(match[1])] : undefined;
      if (target) target.problems.push({ field: match?.[2] ?? 'row', message: problem.message });
      else tableProblems.push(problem);
    }
  }
  return {
    name: typeof table.name === 'string' ? table.name : '',
    tableProblems,
    rows,
    table: parsed.success ? parsed.data : null,
  };
}
