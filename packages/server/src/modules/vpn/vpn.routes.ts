import {
  addVpnEndDeviceCall,
  addVpnGroupDevicesCall,
  createServiceClientCall,
  createVpnGroupCall,
  deleteServiceClientCall,
  deleteVpnGroupCall,
  downloadClientProfileCall,
  getSiteIpAccessTypesCall,
  getVpnDashboardCall,
  getVpnGroupCall,
  getVpnGroupUsageCall,
  getVpnHubHealthCall,
  getVpnHubStatusCall,
  getVpnTopTalkersCall,
  getVpnTrafficSeriesCall,
  listServiceClientsCall,
  listUngroupedDevicesCall,
  listVpnActivityCall,
  listVpnEndDevicesCall,
  listVpnGroupDevicesCall,
  listVpnGroupsCall,
  listVpnNotificationsCall,
  listVpnTunnelsCall,
  markVpnNotificationsReadCall,
  removeVpnEndDeviceCall,
  removeVpnGroupDevicesCall,
  rotateVpnCertificateCall,
  setVpnDeviceLanCall,
  setVpnDeviceLimitCall,
  setVpnGroupStateCall,
  updateServiceClientCall,
  updateVpnGroupCall,
} from '@fleetport/contract';
import { companyActor } from '../../platform/auth/actor.ts';
import { bind } from '../../platform/http/calls.ts';
import { contentDisposition } from '../files/download.ts';
import * as vpnConsole from './console.service.ts';
import { dashboard } from './dashboard.service.ts';
import { hubStatus } from './hub-status.ts';
import * as limits from './limits.service.ts';
import { clientProfile } from './profile.ts';
import { rotateCertificate } from './rotation.service.ts';
import * as clients from './service-clients.service.ts';
import * as sites from './sites.service.ts';
import * as vpn from './vpn.service.ts';

/** The VPN area's calls: the actor from the session, the service, the answer. */
export function vpnRoutes(deps: vpn.VpnDeps) {
  return [
    bind(getSiteIpAccessTypesCall, async () => vpn.siteIpAccessTypes()),
    bind(getVpnDashboardCall, async (ctx) => dashboard(deps, companyActor(ctx))),
    bind(getVpnTrafficSeriesCall, async (ctx) =>
      vpnConsole.trafficSeries(deps, companyActor(ctx), ctx.input),
    ),
    bind(getVpnTopTalkersCall, async (ctx) => vpnConsole.topTalkers(deps, companyActor(ctx), ctx.input)),
    bind(getVpnHubHealthCall, async (ctx) => vpnConsole.hubHealth(deps, companyActor(ctx))),
    bind(listVpnTunnelsCall, async (ctx) => vpnConsole.listTunnels(deps, companyActor(ctx), ctx.input)),
    bind(listVpnActivityCall, async (ctx) => vpnConsole.listActivity(deps, companyActor(ctx), ctx.input)),
    bind(listVpnNotificationsCall, async (ctx) =>
      vpnConsole.listNotificationsOfVpn(deps, companyActor(ctx), ctx.input, ctx.lang),
    ),
    bind(markVpnNotificationsReadCall, async (ctx) =>
      vpnConsole.markVpnNotificationsRead(deps, companyActor(ctx), ctx.input.ids),
    ),
    bind(rotateVpnCertificateCall, async (ctx) => rotateCertificate(deps, companyActor(ctx), ctx.input)),
    bind(listVpnGroupsCall, async (ctx) => vpn.listGroups(deps, companyActor(ctx), ctx.input)),
    bind(getVpnGroupCall, async (ctx) => vpn.getGroup(deps, companyActor(ctx), ctx.input.vpnGroupId)),
    bind(createVpnGroupCall, async (ctx) => vpn.createGroup(deps, companyActor(ctx), ctx.input)),
    bind(updateVpnGroupCall, async (ctx) => vpn.updateGroup(deps, companyActor(ctx), ctx.input)),
    bind(setVpnGroupStateCall, async (ctx) => vpn.setGroupState(deps, companyActor(ctx), ctx.input)),
    bind(deleteVpnGroupCall, async (ctx) => vpn.deleteGroup(deps, companyActor(ctx), ctx.input.vpnGroupId)),
    bind(listVpnGroupDevicesCall, async (ctx) => vpn.listGroupDevices(deps, companyActor(ctx), ctx.input)),
    bind(addVpnGroupDevicesCall, async (ctx) => vpn.addDevices(deps, companyActor(ctx), ctx.input)),
    bind(removeVpnGroupDevicesCall, async (ctx) => vpn.removeDevices(deps, companyActor(ctx), ctx.input)),
    bind(setVpnDeviceLanCall, async (ctx) => sites.setDeviceLan(deps, companyActor(ctx), ctx.input)),
    bind(listVpnEndDevicesCall, async (ctx) => sites.listEndDevices(deps, companyActor(ctx), ctx.input)),
    bind(addVpnEndDeviceCall, async (ctx) => sites.addEndDevice(deps, companyActor(ctx), ctx.input)),
    bind(removeVpnEndDeviceCall, async (ctx) => sites.removeEndDevice(deps, companyActor(ctx), ctx.input)),
    bind(getVpnGroupUsageCall, async (ctx) => limits.getUsage(deps, companyActor(ctx), ctx.input.vpnGroupId)),
    bind(setVpnDeviceLimitCall, async (ctx) => limits.setDeviceLimit(deps, companyActor(ctx), ctx.input)),
    bind(listUngroupedDevicesCall, async (ctx) => vpn.listUngrouped(deps, companyActor(ctx), ctx.input)),
    bind(listServiceClientsCall, async (ctx) => clients.listClients(deps, companyActor(ctx), ctx.input)),
    bind(createServiceClientCall, async (ctx) => clients.createClient(deps, companyActor(ctx), ctx.input)),
    bind(updateServiceClientCall, async (ctx) => clients.updateClient(deps, companyActor(ctx), ctx.input)),
    bind(deleteServiceClientCall, async (ctx) =>
      clients.deleteClient(deps, companyActor(ctx), ctx.input.clientId),
    ),
    bind(downloadClientProfileCall, async (ctx) => {
      const profile = await clientProfile(deps, companyActor(ctx), ctx.input);
      return ctx.reply
        .header('content-type', 'application/x-openvpn-profile; charset=utf-8')
        .header('content-disposition', contentDisposition(profile.fileName))
        .header('cache-control', 'no-store')
        .send(profile.text);
    }),
    bind(getVpnHubStatusCall, async (ctx) => {
      companyActor(ctx);
      return hubStatus(deps);
    }),
  ];
}
