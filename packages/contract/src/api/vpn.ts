import { z } from 'zod';
import {
  CHINA_REGIONS,
  DATA_LIMIT_CYCLES,
  REGIONS,
  SERVICE_CLIENT_TYPES,
  SITE_IP_ACCESS_TYPE_VALUES,
  VPN_CIPHERS,
  VPN_DEVICE_STATES,
  VPN_GROUP_STATES,
  VPN_HUB_STATES,
  VPN_PROTOCOLS,
} from '../enums/index.ts';
import { PageQuerySchema, pageSchema } from '../envelope.ts';
import { IPv4Schema } from '../rules/numbers.ts';
import { boundedText } from '../rules/rule.ts';
import {
  LanSubnetSchema,
  ServiceClientNameSchema,
  VpnDataLimitSchema,
  VpnFragmentSchema,
  VpnMtuSchema,
  VpnPingIntervalSchema,
  VpnPingRetrySchema,
} from '../rules/vpn.ts';
import { defineCall } from './define.ts';

/**
 * VPN management (issue 17; core §3 VPN group and service client, §4 states, §5 ranges, §7
 * getSiteIpAccessTypes, §8 180xxx). The platform is the control plane of real OpenVPN hubs: it
 * allocates each group's virtual network from its pool, keeps a CA per company and renders the
 * configurations (docs/decisions.md "VPN").
 */

const ALL_REGIONS = [...new Set([...REGIONS, ...CHINA_REGIONS])] as [string, ...string[]];
const Sn = z.string().trim().min(1).max(64);
const GroupId = z.coerce.number().int().positive();
const ClientId = z.coerce.number().int().positive();

/**
 * Smallest and largest virtual network a group may ask for (prefix length): /22 holds 1,021 members (a
 * fleet of a thousand sites in one mesh, as issue 17 asks; one region's hub serves 1,000 by default), /29 holds 5.
 */
export const VPN_NETWORK_PREFIX_MIN = 22;
export const VPN_NETWORK_PREFIX_MAX = 29;

/** The tunnel settings of a group (OpenVPN's own options; core §5 ranges). */
const GroupSettings = {
  name: boundedText(2, 50),
  /** Hub region the group's tunnels end in (core §3 regions; the China environment has its own). */
  region: z.enum(ALL_REGIONS),
  protocol: z.enum(VPN_PROTOCOLS).default('udp'),
  /** Seconds between keep-alive pings, 5-600. */
  pingInterval: VpnPingIntervalSchema.default(10),
  /** Missed pings before the tunnel restarts, at least 5. */
  pingRetry: VpnPingRetrySchema.default(12),
  /** Tunnel MTU, 1280-1500. */
  mtu: VpnMtuSchema.default(1500),
  /** Largest UDP datagram before OpenVPN fragments, 1280-1500 (UDP only; ignored on TCP). */
  fragment: VpnFragmentSchema.default(1400),
  cipher: z.enum(VPN_CIPHERS).default('AES-256-GCM'),
  /** Traffic the group may carry per cycle, MB (required; 1 MB to 10 TB). */
  dataLimitMb: VpnDataLimitSchema,
  cycle: z.enum(DATA_LIMIT_CYCLES).default('month'),
  siteIpAccessType: z.enum(SITE_IP_ACCESS_TYPE_VALUES).default('VIRTUAL_IP_OVERLAY_REAL_IP'),
};

export const VpnGroupSchema = z.object({
  vpnGroupId: z.number().int(),
  name: z.string(),
  region: z.string(),
  /** The virtual network the platform allocated, CIDR (e.g. 10.224.3.0/24). */
  virtualNetwork: z.string(),
  /** The hub's own address in the virtual network (the first host). */
  hubAddress: z.string(),
  /** The hub's port for this group. */
  port: z.number().int(),
  protocol: z.enum(VPN_PROTOCOLS),
  pingInterval: z.number().int(),
  pingRetry: z.number().int(),
  mtu: z.number().int(),
  fragment: z.number().int(),
  cipher: z.enum(VPN_CIPHERS),
  dataLimitMb: z.number().int(),
  cycle: z.enum(DATA_LIMIT_CYCLES),
  siteIpAccessType: z.enum(SITE_IP_ACCESS_TYPE_VALUES),
  state: z.enum(VPN_GROUP_STATES),
  deviceCount: z.number().int(),
  clientCount: z.number().int(),
  /** Members (devices and clients) the virtual network holds (180024 beyond it). */
  capacity: z.number().int(),
  createdAt: z.number().int(),
});
export type VpnGroup = z.infer<typeof VpnGroupSchema>;

export const getSiteIpAccessTypesCall = defineCall({
  id: 'vpn.siteIpAccessTypes',
  method: 'GET',
  path: '/vpn/group/getSiteIpAccessTypes',
  input: z.strictObject({}),
  output: z.array(z.object({ value: z.enum(SITE_IP_ACCESS_TYPE_VALUES), en: z.string(), cn: z.string() })),
  permission: 'vpnGroups.view',
  summary: 'Site IP access types of a VPN group with their English and Chinese labels (core §7)',
});

export const listVpnGroupsCall = defineCall({
  id: 'vpn.listGroups',
  method: 'POST',
  path: '/vpn/group/getGroups',
  input: PageQuerySchema.extend({ name: z.string().trim().max(64).optional() }).strict(),
  output: pageSchema(VpnGroupSchema),
  permission: 'vpnGroups.view',
  paged: true,
  summary: "The company's VPN groups, by name",
});

export const getVpnGroupCall = defineCall({
  id: 'vpn.getGroup',
  method: 'POST',
  path: '/vpn/group/getGroup',
  input: z.strictObject({ vpnGroupId: GroupId }),
  output: VpnGroupSchema,
  permission: 'vpnGroups.view',
  summary: 'One VPN group (180002 when the company has none with this id)',
});

export const createVpnGroupCall = defineCall({
  id: 'vpn.createGroup',
  method: 'POST',
  path: '/vpn/group/addGroup',
  input: z.strictObject({
    ...GroupSettings,
    /** Size of the virtual network as a prefix length, 24-29; the platform picks the network. */
    networkPrefix: z.number().int().min(VPN_NETWORK_PREFIX_MIN).max(VPN_NETWORK_PREFIX_MAX).default(24),
  }),
  output: VpnGroupSchema,
  permission: 'vpnGroups.create',
  mutates: true,
  summary:
    'Create a VPN group, running, with a virtual network from the platform pool (180001 name taken, 180032 group limit, 180040 pool full)',
});

export const updateVpnGroupCall = defineCall({
  id: 'vpn.updateGroup',
  method: 'POST',
  path: '/vpn/group/updateGroup',
  input: z.strictObject({ vpnGroupId: GroupId, ...GroupSettings }),
  output: VpnGroupSchema,
  permission: 'vpnGroups.edit',
  mutates: true,
  summary:
    'Edit a VPN group: the name and data limit any time; tunnel settings only while it is stopped (180008)',
});

export const setVpnGroupStateCall = defineCall({
  id: 'vpn.setGroupState',
  method: 'POST',
  path: '/vpn/group/setState',
  input: z.strictObject({ vpnGroupId: GroupId, state: z.enum(VPN_GROUP_STATES) }),
  output: VpnGroupSchema,
  permission: 'vpnGroups.edit',
  mutates: true,
  summary: "Start or stop a VPN group's hub (180004 when the platform's hub does not answer)",
});

export const deleteVpnGroupCall = defineCall({
  id: 'vpn.deleteGroup',
  method: 'POST',
  path: '/vpn/group/deleteGroup',
  input: z.strictObject({ vpnGroupId: GroupId }),
  output: z.null(),
  permission: 'vpnGroups.remove',
  mutates: true,
  summary: "Delete a VPN group: its devices leave, its clients' links end, their certificates are revoked",
});

export const VpnMemberDeviceSchema = z.object({
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
  /** The device's address in the group's virtual network; kept when it leaves and rejoins. */
  virtualIp: z.string(),
  /** Whether its tunnel is up now (from the hub, or the device's own report). */
  vpnState: z.enum(VPN_DEVICE_STATES),
  /** Its public address as the hub saw it, while connected. */
  realAddress: z.string().nullable(),
  bytesIn: z.number(),
  bytesOut: z.number(),
  /** The LAN subnet the router publishes in the group (its site), CIDR; null: none declared. */
  lanSubnet: z.string().nullable(),
  joinedAt: z.number().int(),
});
export type VpnMemberDevice = z.infer<typeof VpnMemberDeviceSchema>;

export const listVpnGroupDevicesCall = defineCall({
  id: 'vpn.groupDevices',
  method: 'POST',
  path: '/vpn/group/getDevices',
  input: PageQuerySchema.extend({ vpnGroupId: GroupId }).strict(),
  output: pageSchema(VpnMemberDeviceSchema),
  permission: 'vpnGroups.view',
  paged: true,
  summary: "A VPN group's devices with their virtual address, tunnel state and traffic",
});

/** Devices added or removed at once. */
export const VPN_BULK_MAX_DEVICES = 100;

export const addVpnGroupDevicesCall = defineCall({
  id: 'vpn.addDevices',
  method: 'POST',
  path: '/vpn/group/addDevices',
  input: z.strictObject({ vpnGroupId: GroupId, sns: z.array(Sn).min(1).max(VPN_BULK_MAX_DEVICES) }),
  output: z.array(z.object({ sn: z.string(), virtualIp: z.string() })),
  permission: 'vpnGroups.edit',
  mutates: true,
  summary:
    'Add devices to a VPN group, all or none (180030 in another group, 180024 network full, 180006 hub maximum, 180020 licence)',
});

export const removeVpnGroupDevicesCall = defineCall({
  id: 'vpn.removeDevices',
  method: 'POST',
  path: '/vpn/group/removeDevices',
  input: z.strictObject({ vpnGroupId: GroupId, sns: z.array(Sn).min(1).max(VPN_BULK_MAX_DEVICES) }),
  output: z.null(),
  permission: 'vpnGroups.edit',
  mutates: true,
  summary: 'Remove devices from a VPN group (180041 when one is not in it); their certificates are revoked',
});

export const setVpnDeviceLanCall = defineCall({
  id: 'vpn.setDeviceLan',
  method: 'POST',
  path: '/vpn/group/setDeviceLan',
  input: z.strictObject({ vpnGroupId: GroupId, sn: Sn, lanSubnet: LanSubnetSchema.nullable() }),
  output: z.null(),
  permission: 'vpnGroups.edit',
  mutates: true,
  summary:
    'Declare the LAN subnet a router publishes in its group (null: none): routed to it at the hub, pushed to the other members (180045 overlap, 180041 not in the group)',
});

/** An end device (a PLC) behind a router, reachable in the group at its mapped virtual address. */
export const VpnEndDeviceSchema = z.object({
  endDeviceId: z.number().int(),
  /** The router it sits behind. */
  sn: z.string(),
  name: z.string(),
  /** Its own address on the router's LAN. */
  ip: z.string(),
  /** Its address in the group's virtual network, which the router maps 1:1 to `ip`. */
  virtualIp: z.string(),
  createdAt: z.number().int(),
});
export type VpnEndDevice = z.infer<typeof VpnEndDeviceSchema>;

export const listVpnEndDevicesCall = defineCall({
  id: 'vpn.endDevices',
  method: 'POST',
  path: '/vpn/group/getEndDevices',
  input: PageQuerySchema.extend({ vpnGroupId: GroupId }).strict(),
  output: pageSchema(VpnEndDeviceSchema),
  permission: 'vpnGroups.view',
  paged: true,
  summary: "A VPN group's end devices (PLCs) with their own and mapped virtual addresses",
});

export const addVpnEndDeviceCall = defineCall({
  id: 'vpn.addEndDevice',
  method: 'POST',
  path: '/vpn/group/addEndDevice',
  input: z.strictObject({ vpnGroupId: GroupId, sn: Sn, name: boundedText(1, 50), ip: IPv4Schema }),
  output: VpnEndDeviceSchema,
  permission: 'vpnGroups.edit',
  mutates: true,
  summary:
    "Add an end device behind a router of the group: it gets a virtual address the router maps to its IP (180015 IP in use, 180047 outside the router's LAN, 180024 network full)",
});

export const removeVpnEndDeviceCall = defineCall({
  id: 'vpn.removeEndDevice',
  method: 'POST',
  path: '/vpn/group/removeEndDevice',
  input: z.strictObject({ vpnGroupId: GroupId, endDeviceId: z.coerce.number().int().positive() }),
  output: z.null(),
  permission: 'vpnGroups.edit',
  mutates: true,
  summary: 'Remove an end device: its mapping ends and its virtual address is free again (180046 not found)',
});

/** A group's or a device's traffic against its limit: under 80 %, from 80 % (a warning), at 100 % (refused). */
export const VPN_USAGE_STATES = ['normal', 'warning', 'exhausted'] as const;
/** The share of a limit from which the console warns. */
export const VPN_USAGE_WARNING_PERCENT = 80;

export const VpnGroupUsageSchema = z.object({
  cycle: z.enum(DATA_LIMIT_CYCLES),
  /** The current cycle (UTC day, week from Monday, month; `single`: since the group was created). */
  cycleStart: z.number().int(),
  /** When the count starts again; null for a single-time limit. */
  cycleEnd: z.number().int().nullable(),
  limitBytes: z.number(),
  usedBytes: z.number(),
  /** Whole percent of the limit used (may pass 100 by what a last read added). */
  percent: z.number().int(),
  state: z.enum(VPN_USAGE_STATES),
  /**
   * Why the group's tunnels are refused, or null while they are carried: 180021 when its traffic is
   * exhausted and the company has no data pool; past the limit with data left in the company's pool the
   * tunnels carry on (`pool`), and 180023 when that pool is used up too. Refused until the next cycle,
   * a higher limit or data added to the pool.
   */
  code: z.number().int().nullable(),
  /**
   * The company's VPN data pool (data-pool) when it has or had data: past the group's limit the tunnels
   * run on it (`carrying`) until nothing remains. Null when the company never had pool data.
   */
  pool: z
    .object({
      remainingBytes: z.number(),
      totalBytes: z.number(),
      /** The group is past its limit and its tunnels run on the pool's data. */
      carrying: z.boolean(),
    })
    .nullable(),
  devices: z.array(
    z.object({
      sn: z.string(),
      /** The device's own limit per cycle, MB; null: only the group's. */
      dataLimitMb: z.number().int().nullable(),
      usedBytes: z.number(),
      percent: z.number().int().nullable(),
      state: z.enum(VPN_USAGE_STATES),
      /** 180022 when its own limit is reached, else the group's code (180021, 180023); its tunnel is refused. */
      code: z.number().int().nullable(),
    }),
  ),
});
export type VpnGroupUsage = z.infer<typeof VpnGroupUsageSchema>;

export const getVpnGroupUsageCall = defineCall({
  id: 'vpn.groupUsage',
  method: 'POST',
  path: '/vpn/group/getUsage',
  input: z.strictObject({ vpnGroupId: GroupId }),
  output: VpnGroupUsageSchema,
  permission: 'vpnGroups.view',
  summary: "A group's traffic in its current cycle against its data limit, and each device's against its own",
});

export const setVpnDeviceLimitCall = defineCall({
  id: 'vpn.setDeviceLimit',
  method: 'POST',
  path: '/vpn/group/setDeviceLimit',
  input: z.strictObject({ vpnGroupId: GroupId, sn: Sn, dataLimitMb: VpnDataLimitSchema.nullable() }),
  output: z.null(),
  permission: 'vpnGroups.edit',
  mutates: true,
  summary:
    "Set a device's own data limit per cycle of its group (null: only the group's; 180041 not in the group)",
});

export const UngroupedDeviceSchema = z.object({
  sn: z.string(),
  name: z.string(),
  model: z.string(),
  online: z.boolean(),
});

export const listUngroupedDevicesCall = defineCall({
  id: 'vpn.ungroupedDevices',
  method: 'POST',
  path: '/vpn/device/getUngrouped',
  input: PageQuerySchema.extend({ keyword: z.string().trim().max(64).optional() }).strict(),
  output: pageSchema(UngroupedDeviceSchema),
  permission: 'vpnUngrouped.view',
  paged: true,
  summary: "The company's devices in no VPN group, by SN or name",
});

export const ServiceClientSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  /** The client's public id (what the desktop client and the hub's status show). */
  clientCode: z.string(),
  type: z.enum(SERVICE_CLIENT_TYPES),
  groups: z.array(
    z.object({
      vpnGroupId: z.number().int(),
      name: z.string(),
      virtualIp: z.string(),
      /** Whether the client's tunnel into this group is up (from the hub). */
      vpnState: z.enum(VPN_DEVICE_STATES),
      realAddress: z.string().nullable(),
      /** Bytes the client received and sent in its current tunnel, as the hub counts them. */
      bytesIn: z.number(),
      bytesOut: z.number(),
    }),
  ),
  createdAt: z.number().int(),
});
export type ServiceClient = z.infer<typeof ServiceClientSchema>;

const ClientGroupIds = z.array(GroupId).max(50);

export const listServiceClientsCall = defineCall({
  id: 'vpn.listClients',
  method: 'POST',
  path: '/vpn/serviceClient/getClients',
  input: PageQuerySchema.extend({ name: z.string().trim().max(64).optional() }).strict(),
  output: pageSchema(ServiceClientSchema),
  permission: 'serviceClients.view',
  paged: true,
  summary: "The company's service clients with their groups and virtual addresses",
});

export const createServiceClientCall = defineCall({
  id: 'vpn.createClient',
  method: 'POST',
  path: '/vpn/serviceClient/addClient',
  input: z.strictObject({
    name: ServiceClientNameSchema,
    type: z.enum(SERVICE_CLIENT_TYPES),
    vpnGroupIds: ClientGroupIds,
  }),
  /** `clientKey` is shown this once; the platform keeps only its hash. */
  output: ServiceClientSchema.extend({ clientKey: z.string() }),
  permission: 'serviceClients.create',
  mutates: true,
  summary:
    'Create a service client (180003 name taken, 180033 more than 5 groups, 180007 a user-type client with more than one)',
});

export const updateServiceClientCall = defineCall({
  id: 'vpn.updateClient',
  method: 'POST',
  path: '/vpn/serviceClient/updateClient',
  input: z.strictObject({ clientId: ClientId, name: ServiceClientNameSchema, vpnGroupIds: ClientGroupIds }),
  output: ServiceClientSchema,
  permission: 'serviceClients.edit',
  mutates: true,
  summary: "Rename a service client or change its groups; a group it leaves revokes that group's certificate",
});

export const deleteServiceClientCall = defineCall({
  id: 'vpn.deleteClient',
  method: 'POST',
  path: '/vpn/serviceClient/deleteClient',
  input: z.strictObject({ clientId: ClientId }),
  output: z.null(),
  permission: 'serviceClients.remove',
  mutates: true,
  summary: 'Delete a service client: its certificates are revoked at once and its tunnels dropped',
});

export const downloadClientProfileCall = defineCall({
  id: 'vpn.clientProfile',
  method: 'GET',
  path: '/vpn/serviceClient/downloadProfile',
  input: z.strictObject({ clientId: ClientId, vpnGroupId: GroupId }),
  output: z.unknown(),
  permission: 'serviceClients.view',
  download: true,
  summary:
    "The client's OpenVPN profile (.ovpn) for one of its groups, with its certificate and key (180042 not linked)",
});

export const VpnHubStatusSchema = z.object({
  state: z.enum(VPN_HUB_STATES),
  /** OpenVPN's version line when the hub runs locally. */
  version: z.string().nullable(),
  /** The host name or address devices and clients connect to. */
  publicHost: z.string(),
  /** Running hub instances (one per running group) on this platform's local hub. */
  instances: z.number().int(),
});

export const getVpnHubStatusCall = defineCall({
  id: 'vpn.hubStatus',
  method: 'GET',
  path: '/vpn/hub/getStatus',
  input: z.strictObject({}),
  output: VpnHubStatusSchema,
  permission: 'vpnGroups.view',
  summary: "Whether the platform's VPN hub runs, does not answer, or cannot run (OpenVPN not installed)",
});

/** The VPN dashboard (core §2 `vpn/dashboard`): the company's groups with their tunnels and traffic this cycle. */
export const VpnDashboardSchema = z.object({
  groupsRunning: z.number().int(),
  groupsTotal: z.number().int(),
  devicesConnected: z.number().int(),
  devicesTotal: z.number().int(),
  groups: z.array(
    z.object({
      vpnGroupId: z.number().int(),
      name: z.string(),
      state: z.enum(VPN_GROUP_STATES),
      devices: z.number().int(),
      connected: z.number().int(),
      /** The group's traffic in its current cycle against its data limit (getUsage's figures). */
      usedBytes: z.number(),
      limitBytes: z.number(),
      percent: z.number().int(),
      usageState: z.enum(VPN_USAGE_STATES),
      /** Why its tunnels are refused (180021, 180023), or null. */
      code: z.number().int().nullable(),
    }),
  ),
});
export type VpnDashboard = z.infer<typeof VpnDashboardSchema>;

export const getVpnDashboardCall = defineCall({
  id: 'vpn.dashboard',
  method: 'POST',
  path: '/vpn/dashboard/getSummary',
  input: z.strictObject({}),
  output: VpnDashboardSchema,
  permission: 'vpnDashboard.view',
  summary: "The company's VPN groups: running, devices connected, and each group's traffic this cycle",
});

export const VPN_CALLS = [
  getSiteIpAccessTypesCall,
  getVpnDashboardCall,
  listVpnGroupsCall,
  getVpnGroupCall,
  createVpnGroupCall,
  updateVpnGroupCall,
  setVpnGroupStateCall,
  deleteVpnGroupCall,
  listVpnGroupDevicesCall,
  addVpnGroupDevicesCall,
  removeVpnGroupDevicesCall,
  setVpnDeviceLanCall,
  listVpnEndDevicesCall,
  addVpnEndDeviceCall,
  removeVpnEndDeviceCall,
  getVpnGroupUsageCall,
  setVpnDeviceLimitCall,
  listUngroupedDevicesCall,
  listServiceClientsCall,
  createServiceClientCall,
  updateServiceClientCall,
  deleteServiceClientCall,
  downloadClientProfileCall,
  getVpnHubStatusCall,
] as const;
