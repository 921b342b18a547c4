import {
  DeviceNameSchema,
  ErrorCode,
  errorMessage,
  IMPORT_MAX_ROWS,
  type ImportRowResult,
  interpolate,
  isImei,
  isImportSerialNumber,
  isKnownModel,
  isMacAddress,
  type Lang,
  MAX_TAGS_PER_DEVICE,
  ruleText,
  TAG_NAME_MAX,
} from '@fleetport/contract';
import { type CompanyScope, owningCompany, scopedCompanyIds } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { ensureTags, linkTags, tagNameProblem } from '../device-tags/device-tags.store.ts';
import { assertDeviceRoom } from '../quotas/quota-checks.ts';
import { type ImportCells, readImportFile } from './device-import.parse.ts';
import { upsertDeviceImports } from './devices.store.ts';
import { DEVICE_IMPORT_TEXT as TEXT } from './devices.text.ts';

/**
 * Registering devices: one added by hand, or many from an import file. A device row is created at once
 * (offline, unregistered: no secret yet) with the import row its claim is proven against (issue 5).
 */

export interface NewDevice {
  sn: string;
  name: string;
  model: string;
  mac: string | null;
  imei: string | null;
  tags: string[];
  description?: string;
  groupId?: number | null;
}

/**
 * Which of the SNs are devices already: of the scope's companies (120028), or of another one, answered with the
 * words a device added by hand gets (120003 "The device SN already exists"): the importer learns the SN
 * cannot be registered, never that another company holds it (docs/decisions.md, issue 12).
 */
export async function existingDevices(
  db: DbOrTx,
  scope: CompanyScope,
  sns: readonly string[],
): Promise<Map<string, number>> {
  if (sns.length === 0) return new Map();
  const own = new Set(scopedCompanyIds(scope));
  const rows = await db
    .selectFrom('device')
    .select(['sn', 'company_id'])
    .where('sn', 'in', [...sns])
    .execute();
  return new Map(
    rows.map((r) => [
      r.sn,
      own.has(Number(r.company_id)) ? ErrorCode.DEVICE_ALREADY_REGISTERED : ErrorCode.DEVICE_SN_EXISTS,
    ]),
  );
}

/**
 * Creates the devices in the scope's one owning company (a set of companies is refused, 5), within the
 * device limits of the company and its partners above it (15050).
 */
export async function registerDevices(
  tx: DbOrTx,
  scope: CompanyScope,
  devices: readonly NewDevice[],
  at: Date,
): Promise<void> {
  const companyId = owningCompany(scope);
  if (devices.length === 0) return;
  await assertDeviceRoom(tx, scope, devices.length);
  for (let i = 0; i < devices.length; i += 500) {
    const chunk = devices.slice(i, i + 500);
    await tx
      .insertInto('device')
      .values(
        chunk.map((d) => ({
          sn: d.sn,
          company_id: companyId,
          name: d.name || d.sn,
          description: d.description ?? '',
          model: d.model,
          mac: d.mac,
          imei: d.imei,
          group_id: d.groupId ?? null,
          // No secret until the device proves itself in the claim; '' matches no hash.
          secret_hash: '',
          claimed_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await upsertDeviceImports(
      tx,
      chunk.map((d) => ({
        companyId,
        sn: d.sn,
        name: d.name,
        model: d.model,
        mac: d.mac,
        imei: d.imei,
        tags: d.tags,
      })),
    );
  }
  const byTag = new Map<string, string[]>();
  for (const d of devices) for (const t of d.tags) byTag.set(t, [...(byTag.get(t) ?? []), d.sn]);
  for (const [tag, sns] of byTag) await linkTags(tx, sns, await ensureTags(tx, scope, [tag]));
}

/** MAC or IMEI in one cell: whichever it reads as. */
function identity(cell: string): { mac: string | null; imei: string | null } | null {
  if (isMacAddress(cell)) return { mac: cell.toUpperCase().replace(/-/g, ':'), imei: null };
  if (isImei(cell)) return { mac: null, imei: cell };
  return null;
}

function splitTags(cell: string): string[] {
  return cell
    .split(/[;,|]/)
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Checks every row; problems are sentences in the caller's language, so the preview can list them. */
export function checkImportRows(
  rows: readonly ImportCells[],
  existing: Map<string, number>,
  lang: Lang,
): ImportRowResult[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, cells }) => {
    const [sn = '', name = '', model = '', id = '', tagCell = ''] = cells;
    const errors: string[] = [];
    const who = identity(id);
    const tags = splitTags(tagCell);
    if (!isImportSerialNumber(sn)) errors.push(`SN: ${ruleText('importSerialNumberInvalid', lang)}`);
    const nameCheck = DeviceNameSchema.safeParse(name);
    if (name && !nameCheck.success)
      errors.push(`${TEXT.name[lang]}: ${ruleText('maxChars', lang, { num: 30 })}`);
    if (!who)
      errors.push(`MAC/IMEI: ${ruleText(id ? 'macInvalid' : 'required', lang, { name: 'MAC/IMEI' })}`);
    if (tags.length > MAX_TAGS_PER_DEVICE)
      errors.push(errorMessage(ErrorCode.TAGS_PER_DEVICE, lang, MAX_TAGS_PER_DEVICE));
    const longTag = tags.find((t) => tagNameProblem(t) !== null);
    if (longTag) errors.push(`${longTag}: ${errorMessage(ErrorCode.TAG_NAME_TOO_LONG, lang, TAG_NAME_MAX)}`);
    const first = firstRowOf.get(sn);
    if (first !== undefined)
      errors.push(
        `${ruleText('deviceIdDuplicate', lang)} (${interpolate(TEXT.duplicateRow[lang], { row: first })})`,
      );
    else if (sn) firstRowOf.set(sn, row);
    const taken = existing.get(sn);
    if (taken) errors.push(errorMessage(taken, lang));
    // An unknown model does not stop the row: the device's hello sets the model it really is.
    const warnings = model && !isKnownModel(model) ? [interpolate(TEXT.unknownModel[lang], { model })] : [];
    return {
      row,
      sn,
      name: nameCheck.success ? nameCheck.data : name,
      model,
      mac: who?.mac ?? null,
      imei: who?.imei ?? null,
      tags,
      errors,
      warnings,
    };
  });
}

export function createDeviceImport(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * Reads and checks a file; with `commit` saves the rows without a problem and answers the others
     * with their row numbers (nothing of theirs is saved). A file of valid and invalid rows so does
     * not have to be sent twice: the rejected rows are fixed and imported on their own.
     */
    async importFile(
      scope: CompanyScope,
      input: { fileName: string; content: string; commit: boolean },
      lang: Lang,
    ) {
      let cells: ImportCells[];
      try {
        cells = await readImportFile(input.fileName, Buffer.from(input.content, 'base64'));
      } catch {
        throw new AppError(
          ErrorCode.PARAMETER_ERROR,
          null,
          200,
          interpolate(TEXT.unreadable[lang], { fileName: input.fileName }),
        );
      }
      if (cells.length > IMPORT_MAX_ROWS) throw new AppError(ErrorCode.IMPORT_LIMIT, IMPORT_MAX_ROWS);
      const existing = await existingDevices(db, scope, cells.map((c) => c.cells[0] ?? '').filter(Boolean));
      const rows = checkImportRows(cells, existing, lang);
      const invalid = rows.filter((r) => r.errors.length > 0).length;
      let imported = 0;
      const accepted = rows.filter((r) => r.errors.length === 0);
      if (input.commit && accepted.length > 0) {
        await inTransaction(db, (tx) => registerDevices(tx, scope, accepted, clock.now()));
        imported = accepted.length;
      }
      return { rows, valid: rows.length - invalid, invalid, imported };
    },
  };
}
