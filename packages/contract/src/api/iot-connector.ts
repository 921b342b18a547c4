import { z } from 'zod';
import { MAX_DEVICES_PER_IOT_CONNECTOR } from '../limits.ts';
import { defineCall } from './define.ts';

/**
 * Cloud IoT connectors (issue 18; core §2 appcenter iotcenntor, iotConnector/{id}; §8 600001-600009;
 * §9 at most 30 devices per connector; features §3). A connector forwards the telemetry its routers
 * report to an Azure IoT Central application or to any HTTPS endpoint, one POST per batch with the API
 * token (docs/api.md "IoT connectors"). The token is sealed at rest and never sent back: the console
 * sees its mask.
 */

export const IOT_CONNECTOR_KINDS = ['azureIotCentral', 'https'] as const;
export type IotConnectorKind = (typeof IOT_CONNECTOR_KINDS)[number];

/** The delivery state a connector shows: nothing to send, sending, or failing since `failingSince`. */
export const IOT_DELIVERY_STATES = ['idle', 'delivering', 'failing'] as const;
export type IotDeliveryState = (typeof IOT_DELIVERY_STATES)[number];

/** Headers of every forwarded POST (docs/api.md "IoT connectors"). */
export const IOT_CONNECTOR_HEADERS = {
  connectorId: 'Fleetport-Connector-Id',
  batchId: 'Fleetport-Batch-Id',
} as const;

/** Azure IoT Central's ID scope: `0ne` and 8 hexadecimal digits (600007 otherwise). */
export const AZURE_ID_SCOPE = /^0ne[0-9a-f]{8}$/i;
/** An API token name is an HTTP header name. */
export const IOT_TOKEN_NAME = /^[A-Za-z0-9-]{1,64}$/;

export const IOT_CONNECTOR_NAME_MAX = 32;

const Id = z.number().int().positive();
const Sn = z.string().trim().min(1).max(64);

const ConnectorFields = {
  name: z.string().trim().min(1).max(IOT_CONNECTOR_NAME_MAX),
  kind: z.enum(IOT_CONNECTOR_KINDS),
  /** https:// (600006 otherwise; http:// only to a loopback address on a server in AUTOMATED_TEST_MODE). */
  applicationUrl: z.string().trim().max(500),
  /** Azure IoT Central's ID scope (600007 when not `0ne` + 8 hex digits); ignored for generic HTTPS. */
  idScope: z.string().trim().max(64).nullable().default(null),
  /** The device template (Azure IoT Central) the routers' telemetry fits. */
  template: z.string().trim().max(128).nullable().default(null),
  /** The interface (component) of the template the telemetry belongs to. */
  interfaceId: z.string().trim().max(128).nullable().default(null),
  /** The header the token goes in, e.g. `Authorization` (600007 when not a header name). */
  tokenName: z.string().trim().max(200),
};

export const IotConnectorSchema = z.object({
  connectorId: z.number().int(),
  name: z.string(),
  kind: z.enum(IOT_CONNECTOR_KINDS),
  applicationUrl: z.string(),
  idScope: z.string().nullable(),
  template: z.string().nullable(),
  interfaceId: z.string().nullable(),
  tokenName: z.string(),
  /** The token masked (its last 4 characters at most); the token itself never leaves the server. */
  tokenMask: z.string(),
  routerCount: z.number().int(),
  delivery: z.object({
    state: z.enum(IOT_DELIVERY_STATES),
    /** Telemetry samples delivered so far. */
    delivered: z.number().int(),
    /** Unix ms of the last delivered batch. */
    lastDeliveredAt: z.number().int().nullable(),
    /** Unix ms since deliveries fail; null while they succeed. */
    failingSince: z.number().int().nullable(),
    lastError: z.string().nullable(),
  }),
  /** Unix ms. */
  createdAt: z.number().int(),
});
export type IotConnector = z.infer<typeof IotConnectorSchema>;

export const IotConnectorRouterSchema = z.object({
  sn: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  online: z.boolean(),
});
export type IotConnectorRouter = z.infer<typeof IotConnectorRouterSchema>;

export const listIotConnectorsCall = defineCall({
  id: 'iotConnector.list',
  method: 'POST',
  path: '/link/iotConnector/list',
  input: z.strictObject({ name: z.string().trim().max(64).optional() }),
  output: z.object({ list: z.array(IotConnectorSchema) }),
  permission: 'iotConnector.view',
  summary: "The company's IoT connectors with their router counts and delivery state",
});

export const getIotConnectorCall = defineCall({
  id: 'iotConnector.get',
  method: 'POST',
  path: '/link/iotConnector/get',
  input: z.strictObject({ connectorId: Id }),
  output: z.object({ connector: IotConnectorSchema, routers: z.array(IotConnectorRouterSchema) }),
  permission: 'iotConnector.view',
  summary: 'One connector with its routers and delivery state (600002 unknown)',
});

export const createIotConnectorCall = defineCall({
  id: 'iotConnector.create',
  method: 'POST',
  path: '/link/iotConnector/add',
  input: z.strictObject({ ...ConnectorFields, token: z.string().max(2000) }),
  output: IotConnectorSchema,
  permission: 'iotConnector.create',
  mutates: true,
  summary:
    'Add a connector; the application is asked once with the token (600001 name exists, 600003 unreachable, 600006 URL, 600007 scope or token)',
});

export const updateIotConnectorCall = defineCall({
  id: 'iotConnector.update',
  method: 'POST',
  path: '/link/iotConnector/update',
  input: z.strictObject({
    connectorId: Id,
    ...ConnectorFields,
    /** Omitted or null: the token kept. */
    token: z.string().max(2000).nullable().optional(),
  }),
  output: IotConnectorSchema,
  permission: 'iotConnector.edit',
  mutates: true,
  summary: 'Change a connector (600002 unknown, 600004 application unreachable, 600001, 600006, 600007)',
});

export const deleteIotConnectorCall = defineCall({
  id: 'iotConnector.delete',
  method: 'POST',
  path: '/link/iotConnector/delete',
  input: z.strictObject({ connectorId: Id }),
  output: z.null(),
  permission: 'iotConnector.remove',
  mutates: true,
  summary: 'Remove a connector that has no router left (600005 while routers are bound; 600002 unknown)',
});

export const bindIotRoutersCall = defineCall({
  id: 'iotConnector.bindRouters',
  method: 'POST',
  path: '/link/iotConnector/bindRouters',
  input: z.strictObject({
    connectorId: Id,
    sns: z.array(Sn).min(1).max(MAX_DEVICES_PER_IOT_CONNECTOR),
  }),
  output: z.object({ routerCount: z.number().int() }),
  permission: 'iotConnector.edit',
  mutates: true,
  summary: `Bind routers; their telemetry from now on is forwarded (600008 bound to another connector, 600009 over ${MAX_DEVICES_PER_IOT_CONNECTOR})`,
});

export const unbindIotRoutersCall = defineCall({
  id: 'iotConnector.unbindRouters',
  method: 'POST',
  path: '/link/iotConnector/unbindRouters',
  input: z.strictObject({ connectorId: Id, sns: z.array(Sn).min(1).max(MAX_DEVICES_PER_IOT_CONNECTOR) }),
  output: z.object({ routerCount: z.number().int() }),
  permission: 'iotConnector.edit',
  mutates: true,
  summary: 'Unbind routers from a connector (600002 unknown)',
});

export const IOT_CONNECTOR_CALLS = [
  listIotConnectorsCall,
  getIotConnectorCall,
  createIotConnectorCall,
  updateIotConnectorCall,
  deleteIotConnectorCall,
  bindIotRoutersCall,
  unbindIotRoutersCall,
] as const;
