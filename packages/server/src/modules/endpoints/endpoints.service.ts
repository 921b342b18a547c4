import {
  type CallParsedInput,
  type createEndpointCall,
  ErrorCode,
  type listEndpointsCall,
  type PointConnectionType,
  type updateEndpointCall,
} from '@fleetport/contract';
import type { ModuleDeps } from '../../platform/app-deps.ts';
import { type Actor, type CompanyScope, owningScope } from '../../platform/auth/actor.ts';
import { type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { AppError } from '../../platform/errors.ts';
import { findCompanyDevices } from '../devices/device-list.store.ts';
import { findPointTable } from '../point-tables/point-tables.store.ts';
import { findProduct } from '../products/products.store.ts';
import {
  deleteEndpoints,
  findEndpoint,
  gatewayHasProduct,
  insertEndpoints,
  listEndpoints,
  takenEndpointIds,
  updateEndpoint,
} from './endpoints.store.ts';

/** What the endpoints area reads from AppDeps (its manifest's `uses`). */
export type EndpointDeps = ModuleDeps<'clock' | 'db'>;

type CreateInput = CallParsedInput<typeof createEndpointCall>;
type UpdateInput = CallParsedInput<typeof updateEndpointCall>;

/** Two people adding the same ID at once: the unique index refuses the second, which is 800001 too. */
export async function idRaceIs800001<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '23505')
      throw new AppError(ErrorCode.ENDPOINT_ID_EXISTS);
    throw error;
  }
}

export function getEndpoints(
  { db }: EndpointDeps,
  actor: Actor,
  query: CallParsedInput<typeof listEndpointsCall>,
) {
  return listEndpoints(db, actor.scope, query);
}

export function getEndpoint({ db }: EndpointDeps, actor: Actor, id: number) {
  return findEndpoint(db, actor.scope, id);
}

/**
 * The checks an endpoint's product, group and gateway pass, in the catalogue's order: the product
 * exists (800004) and is enabled (`notEnabled`: 800006 adding, 800033 associating), the group exists
 * (800017: endpoint groups come later, so none does), the gateway is a device of the company (800019)
 * without another endpoint of the product (800020). Answers the connection method to save.
 */
export async function checkAssociations(
  db: DbOrTx,
  scope: CompanyScope,
  input: {
    modelId: number;
    groupId: number | null;
    gatewaySn: string;
    connectionMethod?: PointConnectionType | undefined;
  },
  notEnabled: number,
  except?: number,
): Promise<PointConnectionType> {
  const product = await findProduct(db, scope, input.modelId);
  if (product.state !== 'enabled') throw new AppError(notEnabled);
  if (input.groupId !== null) throw new AppError(ErrorCode.ENDPOINT_GROUP_NOT_FOUND);
  const [gateway] = await findCompanyDevices(db, scope, [input.gatewaySn]);
  if (!gateway) throw new AppError(ErrorCode.ASSOCIATED_GATEWAY_NOT_FOUND);
  if (await gatewayHasProduct(db, scope, input.gatewaySn, input.modelId, except))
    throw new AppError(ErrorCode.GATEWAY_ALREADY_ASSOCIATED);
  return input.connectionMethod ?? (await findPointTable(db, scope, product.pointTableId)).connectionType;
}

export async function createEndpoint(deps: EndpointDeps, actor: Actor, input: CreateInput) {
  const scope = owningScope(actor.scope);
  const [id] = await idRaceIs800001(
    inTransaction(deps.db, async (tx) => {
      if ((await takenEndpointIds(tx, scope, [input.endpointId])).size)
        throw new AppError(ErrorCode.ENDPOINT_ID_EXISTS);
      const connectionMethod = await checkAssociations(tx, scope, input, ErrorCode.PRODUCT_NOT_ENABLED);
      return insertEndpoints(
        tx,
        scope,
        [
          {
            endpointId: input.endpointId,
            name: input.name,
            description: input.description,
            productId: input.modelId,
            groupId: input.groupId,
            gatewaySn: input.gatewaySn,
            connectionMethod,
            targetVersion: input.targetVersion,
          },
        ],
        deps.clock.now(),
      );
    }),
  );
  return findEndpoint(deps.db, scope, id!);
}

/** Changes everything but the ID; a product changed to must be enabled (800033). */
export async function editEndpoint(deps: EndpointDeps, actor: Actor, input: UpdateInput) {
  const scope = owningScope(actor.scope);
  await inTransaction(deps.db, async (tx) => {
    await findEndpoint(tx, scope, input.thingId);
    const connectionMethod = await checkAssociations(
      tx,
      scope,
      input,
      ErrorCode.PRODUCT_NOT_ENABLED_ASSOCIATE,
      input.thingId,
    );
    await updateEndpoint(
      tx,
      scope,
      input.thingId,
      {
        name: input.name,
        description: input.description,
        productId: input.modelId,
        groupId: input.groupId,
        gatewaySn: input.gatewaySn,
        connectionMethod,
        targetVersion: input.targetVersion,
      },
      deps.clock.now(),
    );
  });
  return findEndpoint(deps.db, scope, input.thingId);
}

export async function removeEndpoints({ db }: EndpointDeps, actor: Actor, ids: readonly number[]) {
  return { deleted: await deleteEndpoints(db, owningScope(actor.scope), ids) };
}
