import {
  bindIotRoutersCall,
  createIotConnectorCall,
  deleteIotConnectorCall,
  getIotConnectorCall,
  listIotConnectorsCall,
  unbindIotRoutersCall,
  updateIotConnectorCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import * as connectors from './iot-connector.service.ts';

/** The IoT connector area's calls: connectors, their routers and their delivery state. */
export function iotConnectorRoutes(deps: connectors.IotConnectorDeps) {
  return [
    bind(listIotConnectorsCall, async (ctx) =>
      connectors.listConnectors(deps, companyActor(ctx), ctx.input.name),
    ),
    bind(getIotConnectorCall, async (ctx) =>
      connectors.getConnector(deps, companyActor(ctx), ctx.input.connectorId),
    ),
    bind(createIotConnectorCall, async (ctx) =>
      connectors.createConnector(deps, companyActor(ctx), ctx.input),
    ),
    bind(updateIotConnectorCall, async (ctx) =>
      connectors.updateConnector(deps, companyActor(ctx), ctx.input),
    ),
    bind(deleteIotConnectorCall, async (ctx) =>
      connectors.deleteConnector(deps, companyActor(ctx), ctx.input.connectorId),
    ),
    bind(bindIotRoutersCall, async (ctx) => connectors.bindRouters(deps, companyActor(ctx), ctx.input)),
    bind(unbindIotRoutersCall, async (ctx) => connectors.unbindRouters(deps, companyActor(ctx), ctx.input)),
  ];
}
