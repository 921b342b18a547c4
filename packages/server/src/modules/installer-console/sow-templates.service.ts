import {
  type addSowTemplateCall,
  type CallParsedInput,
  ErrorCode,
  type listSowTemplatesCall,
  parseXmlDocument,
  SOW_FILE_NAME,
  SOW_TEMPLATES_MAX,
  type SowTemplate,
  sowLabelProblems,
  type updateSowTemplateCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import * as store from './sow-templates.store.ts';

export type SowDeps = ModuleDeps<'db' | 'clock' | 'files'>;
type SowInput = CallParsedInput<typeof addSowTemplateCall>;

/** The router configuration file: XML, at most 1024 KB (the upload kind's own bound). */
const CONFIG_MAX_BYTES = 1024 * 1024;

/** Two people saving one name at once: the unique index refuses the second, which is 191001 too. */
async function nameRaceIs191001<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505') throw new AppError(ErrorCode.SOW_NAME_EXISTS);
    throw error;
  }
}

/**
 * The configuration file a template names: the company's own `configXml` upload, its name without
 * special characters (191004), well-formed XML of at most 1024 KB (191006).
 */
async function checkConfigFile(deps: SowDeps, scope: CompanyScope, fileId: number): Promise<void> {
  const file = await deps.files.find(scope, fileId);
  if (file?.kind !== 'configXml' || file.size > CONFIG_MAX_BYTES)
    throw new AppError(ErrorCode.SOW_CONFIG_INVALID);
  if (!SOW_FILE_NAME.test(file.name)) throw new AppError(ErrorCode.SOW_FILE_NAME, { field: 'configFileId' });
  const opened = await deps.files.store.open(file.storeKey);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  if (parseXmlDocument(Buffer.concat(chunks).toString('utf8')) === null)
    throw new AppError(ErrorCode.SOW_CONFIG_INVALID);
}

/** The coded rules in the order a person fixes the form: labels, then the file. */
async function checked(deps: SowDeps, scope: CompanyScope, input: SowInput): Promise<store.SowRow> {
  const [problem] = sowLabelProblems(input);
  if (problem) throw new AppError(problem.code, { field: problem.field });
  if (input.configFileId !== null) await checkConfigFile(deps, scope, input.configFileId);
  const { name, configFileId, ...fields } = input;
  // Details of a switched-off option are not kept: the template says what the option says.
  return {
    name,
    configFileId,
    fields: {
      ...fields,
      platformId: fields.registeredOnPlatform ? fields.platformId : null,
      antennaDetails: fields.thirdPartyAntenna ? fields.antennaDetails : null,
      productLabelContent: fields.customProductLabel ? fields.productLabelContent : null,
      boxLabelContent: fields.customBoxLabel ? fields.boxLabelContent : null,
    },
  };
}

export function listSowTemplates(
  deps: SowDeps,
  actor: Actor,
  query: CallParsedInput<typeof listSowTemplatesCall>,
) {
  return store.listSowTemplates(deps.db, actor.scope, query);
}

export async function getSowTemplate(deps: SowDeps, actor: Actor, id: number): Promise<SowTemplate> {
  const found = await store.findSowTemplate(deps.db, actor.scope, id);
  if (!found) throw new AppError(ErrorCode.SOW_NOT_FOUND);
  return found;
}

/** A new template: its name unique in the company in any case (191001), at most SOW_TEMPLATES_MAX (191003). */
export async function addSowTemplate(deps: SowDeps, actor: Actor, input: SowInput): Promise<SowTemplate> {
  const scope = owningScope(actor.scope);
  const row = await checked(deps, scope, input);
  const id = await nameRaceIs191001(
    inTransaction(deps.db, async (tx) => {
      if (await store.sowNameTaken(tx, scope, row.name)) throw new AppError(ErrorCode.SOW_NAME_EXISTS);
      if ((await store.countSowTemplates(tx, scope)) >= SOW_TEMPLATES_MAX)
        throw new AppError(ErrorCode.SOW_LIMIT, { num: SOW_TEMPLATES_MAX });
      return store.insertSowTemplate(tx, scope, row, actor.userId, deps.clock.now());
    }),
  );
  return getSowTemplate(deps, actor, id);
}

export async function updateSowTemplate(
  deps: SowDeps,
  actor: Actor,
  input: CallParsedInput<typeof updateSowTemplateCall>,
): Promise<SowTemplate> {
  const scope = owningScope(actor.scope);
  const { sowId, ...fields } = input;
  if (!(await store.findSowTemplate(deps.db, scope, sowId))) throw new AppError(ErrorCode.SOW_NOT_FOUND);
  const row = await checked(deps, scope, fields);
  await nameRaceIs191001(
    inTransaction(deps.db, async (tx) => {
      if (await store.sowNameTaken(tx, scope, row.name, sowId)) throw new AppError(ErrorCode.SOW_NAME_EXISTS);
      if (!(await store.updateSowTemplate(tx, scope, sowId, row, deps.clock.now())))
        throw new AppError(ErrorCode.SOW_NOT_FOUND);
    }),
  );
  return getSowTemplate(deps, actor, sowId);
}

export async function deleteSowTemplate(deps: SowDeps, actor: Actor, id: number): Promise<null> {
  if (!(await store.deleteSowTemplate(deps.db, owningScope(actor.scope), id)))
    throw new AppError(ErrorCode.SOW_NOT_FOUND);
  return null;
}
