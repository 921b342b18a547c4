import {
  type CallParsedInput,
  ErrorCode,
  interpolate,
  type Lang,
  type listPointTablesCall,
  type PointTable,
  type PointTableFields,
  parseRpcResult,
  pointSize,
  readFunctionCode,
  type TestReadPoint,
  testReadDecodings,
  XLSX_MIME_TYPE,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningCompany, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { getCompanyDevice } from '../devices/device-list.store.ts';
import { pointTableWorkbook, readPointTableWorkbook } from './point-table-xlsx.ts';
import {
  deletePointTable,
  findPointTable,
  insertPointTable,
  listPointTables,
  pointTableNamed,
  updatePointTable,
} from './point-tables.store.ts';
import { POINT_TABLE_TEXT as TEXT } from './point-tables.text.ts';

/** What the point table area reads from AppDeps (its manifest's `uses`). */
export type PointTableDeps = ModuleDeps<'clock' | 'db' | 'gateway'>;

/** How long a test read waits for the gateway's answer; a slave that does not answer times out on the gateway sooner. */
const TEST_READ_WAIT_MS = 20_000;
const TEST_READ_DEADLINE_S = 30;

/** Two people saving the same name at once: the unique index refuses the second, which is 900001 too. */
async function nameRaceIs900001<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505')
      throw new AppError(ErrorCode.POINT_TABLE_NAME_EXISTS);
    throw error;
  }
}

export function getPointTables(
  { db }: PointTableDeps,
  actor: Actor,
  query: CallParsedInput<typeof listPointTablesCall>,
) {
  return listPointTables(db, actor.scope, query);
}

export function getPointTable({ db }: PointTableDeps, actor: Actor, id: number): Promise<PointTable> {
  return findPointTable(db, actor.scope, id);
}

/** A new table; its name is unique in the company in any case (900001). */
export async function createPointTable({ db, clock }: PointTableDeps, actor: Actor, table: PointTableFields) {
  const scope = owningScope(actor.scope);
  const id = await nameRaceIs900001(
    inTransaction(db, async (tx) => {
      if (await pointTableNamed(tx, scope, table.name)) throw new AppError(ErrorCode.POINT_TABLE_NAME_EXISTS);
      return insertPointTable(tx, scope, table, clock.now());
    }),
  );
  return findPointTable(db, scope, id);
}

/** Replaces a table and its points (900002 when it is gone, 900001 for another table's name). */
export async function editPointTable(
  { db, clock }: PointTableDeps,
  actor: Actor,
  id: number,
  table: PointTableFields,
) {
  const scope = owningScope(actor.scope);
  await nameRaceIs900001(
    inTransaction(db, async (tx) => {
      await findPointTable(tx, scope, id);
      if (await pointTableNamed(tx, scope, table.name, id))
        throw new AppError(ErrorCode.POINT_TABLE_NAME_EXISTS);
      await updatePointTable(tx, scope, id, table, clock.now());
    }),
  );
  return findPointTable(db, scope, id);
}

/** A table a product is built from stays (900003). */
export async function removePointTable({ db }: PointTableDeps, actor: Actor, id: number): Promise<null> {
  const scope = owningScope(actor.scope);
  const table = await findPointTable(db, scope, id);
  if (table.productCount > 0) throw new AppError(ErrorCode.POINT_TABLE_IN_USE);
  await deletePointTable(db, scope, id);
  return null;
}

/**
 * Sends the unsaved table to an online gateway of the company (`pointTableTestRead`), waits for the
 * words it read around each point, and decodes them every plausible way (contract `testReadDecodings`).
 * 120110 when the gateway is offline, 120117 when it does not answer in time, 120090 when it cannot.
 */
export async function testReadPointTable(
  deps: PointTableDeps,
  actor: Actor,
  input: { sn: string; table: PointTableFields },
) {
  const scope = owningScope(actor.scope);
  const device = await getCompanyDevice(deps.db, scope, input.sn);
  if (!device.online || !deps.gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_TEST, input.sn);
  const { table } = input;
  const params = {
    slave: {
      protocol: table.protocol,
      connectionType: table.connectionType,
      ip: table.slaveIp,
      port: table.slavePort,
      slaveId: table.slaveId,
    },
    points: table.points.map((p, index) => ({
      index,
      functionCode: readFunctionCode(p.functionCode),
      address: p.address,
      count: pointSize(p),
    })),
  };
  const [sent] = await deps.gateway.rpc.send({
    companyId: owningCompany(scope),
    sns: [input.sn],
    method: 'pointTableTestRead',
    params,
    deadlineSeconds: TEST_READ_DEADLINE_S,
  });
  if (!sent) throw new AppError(ErrorCode.INTERNAL_ERROR);
  const [row] = await deps.gateway.rpc.waitForResults([sent.id], TEST_READ_WAIT_MS);
  if (!row || row.state === 'inExecution' || row.state === 'timeout')
    throw new AppError(ErrorCode.COMMAND_TIMEOUT);
  if (row.state === 'failure') throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
  const result = parseRpcResult('pointTableTestRead', row.result);
  if (!result.success) throw new AppError(ErrorCode.PARTIAL_UNSUPPORTED);
  const byIndex = new Map(result.data.points.map((p) => [p.index, p]));
  const points: TestReadPoint[] = table.points.map((point, index) => {
    const read = byIndex.get(index);
    if (!read?.values)
      return {
        index,
        name: point.name,
        words: null,
        error: read?.error ?? 'no answer',
        decoded: null,
        alternatives: [],
        suggestion: null,
      };
    const size = pointSize(point);
    const from = point.address - read.start;
    return {
      index,
      name: point.name,
      words: read.values.slice(Math.max(0, from), Math.max(0, from) + size),
      error: read.error ?? null,
      ...testReadDecodings(point, read.start, read.values),
    };
  });
  return { sn: input.sn, readAt: deps.clock.now().getTime(), points };
}

/** A saved table as .xlsx, read back by `importPointTable` unchanged. */
export async function exportPointTable({ db }: PointTableDeps, actor: Actor, id: number) {
  const table = await findPointTable(db, actor.scope, id);
  const content = await pointTableWorkbook(table);
  const safeName = table.name.replace(/[^\p{L}\p{N}_.-]+/gu, '_') || 'point-table';
  return { fileName: `${safeName}.xlsx`, mimeType: XLSX_MIME_TYPE, content: content.toString('base64') };
}

/**
 * Reads a table from .xlsx and answers the preview: each row with its problems (field and message),
 * and the table's own. With `commit` and no problem it is saved as `createPointTable` saves (900001).
 * A file that is not a workbook of this layout is code 1 naming `fileName`.
 */
export async function importPointTable(
  deps: PointTableDeps,
  actor: Actor,
  input: { fileName: string; content: string; commit: boolean },
  lang: Lang,
) {
  const refuse = (text: string) => new AppError(ErrorCode.PARAMETER_ERROR, null, 200, `fileName: ${text}`);
  if (!/\.xlsx$/i.test(input.fileName)) throw refuse(TEXT.notXlsx[lang]);
  let read: Awaited<ReturnType<typeof readPointTableWorkbook>>;
  try {
    read = await readPointTableWorkbook(Buffer.from(input.content, 'base64'), lang);
  } catch {
    throw refuse(interpolate(TEXT.unreadable[lang], { fileName: input.fileName }));
  }
  if (!read) throw refuse(TEXT.noPointsSheet[lang]);
  const invalid = read.rows.filter((r) => r.problems.length > 0).length;
  const saved = input.commit && read.table ? await createPointTable(deps, actor, read.table) : null;
  return { name: read.name, tableProblems: read.tableProblems, rows: read.rows, invalid, saved };
}
