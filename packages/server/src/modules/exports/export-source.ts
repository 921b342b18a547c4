import type { PassThrough } from 'node:stream';
import {
  type CallDef,
  type ExportColumnDef,
  type Lang,
  type Localized,
  spreadsheetText,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { CompanyScope } from '../../platform/auth/actor.ts';
import type { DbOrTx } from '../../platform/db/open.ts';

/** Who reads the file: headers and values in their language, times in their time zone. */
export interface ExportReader {
  lang: Lang;
  /** Minutes east of UTC (the `timeZoneOffset` header), as the list shows times. */
  utcOffsetMinutes: number;
}

export type ExportCell = string | number | null;

/**
 * A list that can be exported. It reads through the list's own query functions (the list's filters,
 * always within the company), so the file holds exactly what the list shows for the same filter.
 */
export interface ExportSource<F = unknown, Row = unknown> {
  /** The export call (`forwardExport` path); its id names the source on the record. */
  call: CallDef;
  /** The list's filter without paging; stored on the record and read back by the job. */
  filter: z.ZodType<F>;
  columns: readonly ExportColumnDef[];
  /** A history log (activity, alerts): its file goes at the next 00:05 UTC if that is before 24 hours. */
  history?: boolean;
  /** The console module when the request names none (`visibleModule`). */
  module: string;
  sheetName: Localized;
  /**
   * The filter an export runs with, given the time it starts: a source with a time range bounds it
   * (120098 over three months). Default: the filter as given.
   */
  bound?(filter: F, now: Date): F;
  /** How many rows of the scope match, counting no further than `limit`. */
  count(db: DbOrTx, scope: CompanyScope, filter: F, limit: number): Promise<number>;
  /** `limit` rows of the scope from `offset`, in the list's order. */
  rows(db: DbOrTx, scope: CompanyScope, filter: F, offset: number, limit: number): Promise<Row[]>;
  /** A row's cell for each field of `columns`. */
  cell(row: Row, field: string, reader: ExportReader): ExportCell;
}

/** A row's own value of `field` as a cell, for the columns that need no wording (SN, name, counts). */
export function plainCell<Row>(row: Row, field: string): ExportCell {
  const value = row[field as keyof Row];
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** Widths of the sheet's columns, by how long their values usually are. */
const WIDTH = 18;

/**
 * An .xlsx written row by row into `out` (exceljs' streaming writer): a header row in the reader's
 * language, then each batch as it arrives, so 10,000 rows never sit in memory as a workbook.
 */
export function streamedSheet(out: PassThrough, sheetName: string, headers: readonly string[]) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = headers.map((header) => ({ header, width: Math.max(WIDTH, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    add(cells: readonly ExportCell[]) {
      // Names and objects are users' and devices' own text: none may become a formula in the reader's spreadsheet.
      sheet.addRow(cells.map((c) => (typeof c === 'string' ? spreadsheetText(c) : (c ?? '')))).commit();
    },
    async finish() {
      sheet.commit();
      await book.commit();
    },
  };
}
