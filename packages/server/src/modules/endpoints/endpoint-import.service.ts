import {
  CreateEndpointBodySchema,
  ENDPOINT_IMPORT_COLUMNS,
  ENDPOINT_IMPORT_MAX_ROWS,
  type EndpointImportRow,
  ErrorCode,
  errorMessage,
  type Lang,
  localizeIssues,
  type PointConnectionType,
  XLSX_MIME_TYPE,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { type Actor, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError, isAppError } from '../../platform/errors.ts';
import { loadWorkbook } from '../../platform/files/workbook.ts';
import { listSimpleProducts } from '../products/products.store.ts';
import type { EndpointDeps } from './endpoints.service.ts';
import { checkAssociations, idRaceIs800001 } from './endpoints.service.ts';
import { type EndpointValues, insertEndpoints, takenEndpointIds } from './endpoints.store.ts';

/**
 * Importing endpoints from the template's .xlsx: the header row must be the template's (800034), an ID
 * may appear once in the file (800035); then each row is checked as an endpoint added by hand and
 * answered with its problems. The preview saves nothing; the commit saves the rows without a problem.
 */

const EXAMPLE = ['EM0001', 'Energy meter 1', 'Main switchboard', 'Energy meter', 'SN0000000001', '', '1.0'];

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

/** The sheet's rows as trimmed text cells, numbered as the spreadsheet numbers them; null: not the template. */
async function readSheet(content: Buffer): Promise<{ row: number; cells: string[] }[] | null> {
  let book: ExcelJS.Workbook;
  try {
    book = await loadWorkbook(content);
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return null;
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells = ENDPOINT_IMPORT_COLUMNS.map((_, c) => cellText(row.getCell(c + 1).value).trim());
    rows.push({ row: number, cells });
  });
  const header = rows.shift();
  const matches =
    header?.row === 1 &&
    ENDPOINT_IMPORT_COLUMNS.every((name, i) => header.cells[i]?.toLowerCase() === name.toLowerCase());
  return matches ? rows.filter((r) => r.cells.some((c) => c !== '')) : null;
}

export async function importEndpoints(
  deps: EndpointDeps,
  actor: Actor,
  input: { fileName: string; content: string; commit: boolean },
  lang: Lang,
) {
  const scope = owningScope(actor.scope);
  const cells = await readSheet(Buffer.from(input.content, 'base64'));
  if (!cells) throw new AppError(ErrorCode.ENDPOINT_IMPORT_TEMPLATE);
  if (cells.length > ENDPOINT_IMPORT_MAX_ROWS)
    throw new AppError(ErrorCode.IMPORT_LIMIT, ENDPOINT_IMPORT_MAX_ROWS);
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const {
    cells: [id = ''],
  } of cells) {
    if (!id) continue;
    if (seen.has(id.toLowerCase())) repeated.push(id);
    else seen.add(id.toLowerCase());
  }
  if (repeated.length) throw new AppError(ErrorCode.ENDPOINT_IMPORT_DUPLICATE, { endpointIds: repeated });

  const products = new Map(
    (await listSimpleProducts(deps.db, scope, undefined)).map((p) => [p.name.toLowerCase(), p.modelId]),
  );
  const taken = await takenEndpointIds(deps.db, scope, [...seen]);
  const accepted: (EndpointValues & { endpointId: string })[] = [];
  /** Products placed on a gateway by earlier rows of the file (800020 within the file too). */
  const placed = new Set<string>();
  const rows: EndpointImportRow[] = [];
  for (const { row, cells: c } of cells) {
    const [
      endpointId = '',
      name = '',
      description = '',
      productName = '',
      gatewaySn = '',
      method = '',
      version = '',
    ] = c;
    const errors: string[] = [];
    const modelId = products.get(productName.toLowerCase());
    const parsed = CreateEndpointBodySchema.safeParse({
      endpointId,
      name,
      description,
      modelId: modelId ?? 1,
      gatewaySn,
      ...(method ? { connectionMethod: method } : {}),
      targetVersion: version,
    });
    if (!parsed.success) errors.push(...localizeIssues(parsed.error, lang).map((e) => e.message));
    if (taken.has(endpointId.toLowerCase())) errors.push(errorMessage(ErrorCode.ENDPOINT_ID_EXISTS, lang));
    if (modelId === undefined) errors.push(errorMessage(ErrorCode.PRODUCT_NOT_FOUND, lang));
    let connectionMethod: PointConnectionType | null = null;
    if (modelId !== undefined && parsed.success) {
      try {
        connectionMethod = await checkAssociations(
          deps.db,
          scope,
          { ...parsed.data, modelId },
          ErrorCode.PRODUCT_NOT_ENABLED,
        );
        if (placed.has(`${gatewaySn}\n${modelId}`)) throw new AppError(ErrorCode.GATEWAY_ALREADY_ASSOCIATED);
      } catch (error) {
        if (!isAppError(error)) throw error;
        errors.push(errorMessage(error.code, lang));
      }
    }
    rows.push({ row, endpointId, name, productName, gatewaySn, errors });
    if (errors.length === 0 && parsed.success && modelId !== undefined && connectionMethod) {
      placed.add(`${gatewaySn}\n${modelId}`);
      accepted.push({
        endpointId: parsed.data.endpointId,
        name: parsed.data.name,
        description: parsed.data.description,
        productId: modelId,
        groupId: null,
        gatewaySn: parsed.data.gatewaySn,
        connectionMethod,
        targetVersion: parsed.data.targetVersion,
      });
    }
  }
  const invalid = rows.length - accepted.length;
  let imported = 0;
  if (input.commit && accepted.length > 0) {
    // Someone adding one of these IDs meanwhile makes the unique index refuse the file: 800001, not a 500.
    await idRaceIs800001(
      inTransaction(deps.db, (tx) => insertEndpoints(tx, scope, accepted, deps.clock.now())),
    );
    imported = accepted.length;
  }
  return { rows, valid: accepted.length, invalid, imported };
}

export async function endpointImportTemplate() {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Endpoints');
  sheet.addRow([...ENDPOINT_IMPORT_COLUMNS]);
  sheet.addRow(EXAMPLE);
  // Text cells: a spreadsheet would otherwise turn a numeric ID or SN into a number.
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(5).numFmt = '@';
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return {
    fileName: 'endpoint-import-template.xlsx',
    mimeType: XLSX_MIME_TYPE,
    content: Buffer.from(await book.xlsx.writeBuffer()).toString('base64'),
  };
}
