import {
  AZURE_ID_SCOPE,
  type CallParsedInput,
  type createIotConnectorCall,
  ErrorCode,
  IOT_CONNECTOR_HEADERS,
  IOT_TOKEN_NAME,
  type IotConnector,
  MAX_DEVICES_PER_IOT_CONNECTOR,
  type updateIotConnectorCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, owningScope } from '../../platform/auth/actor.ts';
import { inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';
import { destinationPolicy, privateDestination } from '../notifications/webhook-address.ts';
import { postToConnector } from './connector-post.ts';
import * as store from './iot-connector.store.ts';

/**
 * IoT connectors: their rules (the URL, the Azure ID scope and the token, one connector per router,
 * at most 30 routers) and their answers, with the token sealed and shown masked (docs/api.md "IoT
 * connectors"; docs/decisions.md "IoT connectors").
 */
export type IotConnectorDeps = ModuleDeps<'db' | 'clock' | 'config'>;

type CreateInput = CallParsedInput<typeof createIotConnectorCall>;
type UpdateInput = CallParsedInput<typeof updateIotConnectorCall>;

export const connectorSeal = (deps: Pick<IotConnectorDeps, 'db' | 'config'>) =>
  secretSeal(deps.db, deps.config.serverSecret, 'iot-connector-token');

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
/** A token goes in a header: printable ASCII, no line breaks. */
const HEADER_VALUE = /^[\x20-\x7e]+$/;
const AZURE_TOKEN = /^SharedAccessSignature \S+$/;

/** Bullets and the last 4 characters of a token long enough to keep the rest unguessable. */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `••••••${secret.slice(-4)}` : '••••••';
}

/** https to a public address (600006); http only to loopback on a server in AUTOMATED_TEST_MODE. */
async function checkUrl(deps: IotConnectorDeps, url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError(ErrorCode.APPLICATION_URL_INVALID);
  }
  const testLoopback = deps.config.automatedTestMode && LOOPBACK.test(parsed.hostname);
  if (parsed.username || parsed.password) throw new AppError(ErrorCode.APPLICATION_URL_INVALID);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && testLoopback))
    throw new AppError(ErrorCode.APPLICATION_URL_INVALID);
  if (await privateDestination(destinationPolicy(deps.config), url))
    throw new AppError(ErrorCode.APPLICATION_URL_INVALID);
}

/** The ID scope (Azure IoT Central), the token name and the token's form (600007). */
function checkCredentials(input: CreateInput | UpdateInput, token: string) {
  const invalid = () => new AppError(ErrorCode.IOT_CREDENTIALS_INVALID);
  if (!IOT_TOKEN_NAME.test(input.tokenName)) throw invalid();
  if (!HEADER_VALUE.test(token)) throw invalid();
  if (input.kind === 'azureIotCentral') {
    if (!input.idScope || !AZURE_ID_SCOPE.test(input.idScope)) throw invalid();
    if (!AZURE_TOKEN.test(token)) throw invalid();
  }
}

/**
 * Asks the application once with the token: 2xx is ready, 401 or 403 refuses the token (600007), no
 * answer or any other is `failed` (600003 on create, 600004 on update).
 */
async function probe(deps: IotConnectorDeps, url: string, tokenName: string, token: string, failed: number) {
  const result = await postToConnector(
    url,
    { [tokenName]: token },
    JSON.stringify({ type: 'connector.verify' }),
    destinationPolicy(deps.config),
  );
  if (result.ok) return;
  if (result.status === 401 || result.status === 403) throw new AppError(ErrorCode.IOT_CREDENTIALS_INVALID);
  throw new AppError(failed, { reason: result.error });
}

export function connectorView(row: store.StoredConnector): IotConnector {
  const state = row.failingSince ? 'failing' : row.delivering ? 'delivering' : 'idle';
  return {
    connectorId: row.id,
    name: row.name,
    kind: row.kind as IotConnector['kind'],
    applicationUrl: row.applicationUrl,
    idScope: row.idScope,
    template: row.template,
    interfaceId: row.interfaceId,
    tokenName: row.tokenName,
    tokenMask: row.tokenMask,
    routerCount: row.routerCount,
    delivery: {
      state,
      delivered: row.delivered,
      lastDeliveredAt: row.lastDeliveredAt ? new Date(row.lastDeliveredAt).getTime() : null,
      failingSince: row.failingSince ? new Date(row.failingSince).getTime() : null,
      lastError: row.lastError,
    },
    createdAt: new Date(row.createdAt).getTime(),
  };
}

async function ownConnector(deps: IotConnectorDeps, actor: Actor, connectorId: number) {
  const row = await store.findConnector(deps.db, owningScope(actor.scope), connectorId);
  if (!row) throw new AppError(ErrorCode.IOT_CONNECTOR_NOT_FOUND);
  return row;
}

export async function listConnectors(deps: IotConnectorDeps, actor: Actor, name?: string) {
  return { list: (await store.listConnectors(deps.db, actor.scope, name)).map(connectorView) };
}

export async function getConnector(deps: IotConnectorDeps, actor: Actor, connectorId: number) {
  const row = await store.findConnector(deps.db, actor.scope, connectorId);
  if (!row) throw new AppError(ErrorCode.IOT_CONNECTOR_NOT_FOUND);
  return {
    connector: connectorView(row),
    routers: await store.connectorRouters(deps.db, actor.scope, connectorId),
  };
}

function fieldsOf(input: CreateInput | UpdateInput) {
  const azure = input.kind === 'azureIotCentral';
  return {
    name: input.name,
    kind: input.kind,
    applicationUrl: input.applicationUrl,
    idScope: azure ? input.idScope || null : null,
    template: input.template || null,
    interfaceId: input.interfaceId || null,
    tokenName: input.tokenName,
  };
}

export async function createConnector(deps: IotConnectorDeps, actor: Actor, input: CreateInput) {
  const scope = owningScope(actor.scope);
  if (await store.nameTaken(deps.db, scope, input.name))
    throw new AppError(ErrorCode.IOT_CONNECTOR_NAME_EXISTS);
  await checkUrl(deps, input.applicationUrl);
  checkCredentials(input, input.token);
  await probe(
    deps,
    input.applicationUrl,
    input.tokenName,
    input.token,
    ErrorCode.IOT_CONNECTOR_CREATE_FAILED,
  );
  const values = {
    ...fieldsOf(input),
    tokenSealed: await connectorSeal(deps).seal(input.token),
    tokenMask: maskSecret(input.token),
  };
  const id = await inTransaction(deps.db, async (tx) => {
    if (await store.nameTaken(tx, scope, input.name)) throw new AppError(ErrorCode.IOT_CONNECTOR_NAME_EXISTS);
    return store.insertConnector(tx, scope, values, actor.userId, deps.clock.now());
  });
  return connectorView((await store.findConnector(deps.db, scope, id))!);
}

/** A new URL, token name, kind or token is asked once more before it is saved. */
export async function updateConnector(deps: IotConnectorDeps, actor: Actor, input: UpdateInput) {
  const scope = owningScope(actor.scope);
  const current = await ownConnector(deps, actor, input.connectorId);
  if (await store.nameTaken(deps.db, scope, input.name, current.id))
    throw new AppError(ErrorCode.IOT_CONNECTOR_NAME_EXISTS);
  await checkUrl(deps, input.applicationUrl);
  const token = input.token ? input.token : await connectorSeal(deps).open(current.tokenSealed);
  checkCredentials(input, token);
  const changed =
    !!input.token ||
    input.applicationUrl !== current.applicationUrl ||
    input.tokenName !== current.tokenName ||
    input.kind !== current.kind;
  if (changed)
    await probe(deps, input.applicationUrl, input.tokenName, token, ErrorCode.IOT_CONNECTOR_UPDATE_FAILED);
  const values = {
    ...fieldsOf(input),
    tokenSealed: input.token ? await connectorSeal(deps).seal(input.token) : current.tokenSealed,
    tokenMask: input.token ? maskSecret(input.token) : current.tokenMask,
  };
  await store.updateConnector(deps.db, scope, current.id, values, deps.clock.now());
  return connectorView((await store.findConnector(deps.db, scope, current.id))!);
}

/** A connector still forwarding for routers is not removed (600005): they are unbound first. */
export async function deleteConnector(deps: IotConnectorDeps, actor: Actor, connectorId: number) {
  const current = await ownConnector(deps, actor, connectorId);
  if (current.routerCount > 0)
    throw new AppError(ErrorCode.IOT_CONNECTOR_REMOVE_FAILED, { num: current.routerCount });
  await store.deleteConnector(deps.db, owningScope(actor.scope), current.id);
  return null;
}

/**
 * Binds the company's own routers: one bound to another connector is 600008 (data: its SN), more than
 * 30 in all 600009, an SN that is not the company's router code 1 naming it. Nothing is bound unless
 * all are.
 */
export async function bindRouters(
  deps: IotConnectorDeps,
  actor: Actor,
  input: { connectorId: number; sns: string[] },
) {
  const scope = owningScope(actor.scope);
  const sns = [...new Set(input.sns)];
  return inTransaction(deps.db, async (tx) => {
    if (!(await store.lockConnector(tx, scope, input.connectorId)))
      throw new AppError(ErrorCode.IOT_CONNECTOR_NOT_FOUND);
    const own = await store.ownDevices(tx, scope, sns);
    const unknown = sns.find((sn) => !own.has(sn));
    if (unknown) throw new AppError(ErrorCode.DEVICE_NOT_FOUND, { sn: unknown });
    const bound = await store.bindings(tx, sns);
    const elsewhere = sns.find((sn) => bound.has(sn) && bound.get(sn) !== input.connectorId);
    if (elsewhere) throw new AppError(ErrorCode.DEVICE_ON_OTHER_CONNECTOR, { sn: elsewhere });
    const current = (await store.findConnector(tx, scope, input.connectorId))!;
    const added = sns.filter((sn) => !bound.has(sn));
    if (current.routerCount + added.length > MAX_DEVICES_PER_IOT_CONNECTOR)
      throw new AppError(ErrorCode.CONNECTOR_DEVICE_LIMIT, { num: MAX_DEVICES_PER_IOT_CONNECTOR });
    await store.bindRouters(tx, scope, input.connectorId, added, deps.clock.now());
    return { routerCount: current.routerCount + added.length };
  });
}

export async function unbindRouters(
  deps: IotConnectorDeps,
  actor: Actor,
  input: { connectorId: number; sns: string[] },
) {
  const scope = owningScope(actor.scope);
  await ownConnector(deps, actor, input.connectorId);
  await store.unbindRouters(deps.db, scope, input.connectorId, input.sns);
  return { routerCount: (await store.findConnector(deps.db, scope, input.connectorId))!.routerCount };
}

export const forwardHeaders = (connectorId: number, batchId: string) => ({
  [IOT_CONNECTOR_HEADERS.connectorId]: String(connectorId),
  [IOT_CONNECTOR_HEADERS.batchId]: batchId,
});
