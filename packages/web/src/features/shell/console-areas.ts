import { CONFIG_MENU_SERIES } from '@fleetport/contract';
import { matchPath } from 'react-router';

/**
 * The console areas of core §2 and features §2: the first path segment names the console, the
 * children are its pages. The shell's child routes, tab titles and the "active menu" of a detail
 * tab all come from this one table.
 */
export interface ConsolePage {
  /** Path under the area, as a react-router pattern (`devices/deviceGroup/:id`). */
  path: string;
  /** Key of the page title in the `menus` namespace (`pages.<label>`). */
  label: string;
  /** For detail pages: the menu entry (path under the area) that stays highlighted. */
  menu?: string;
}

export interface ConsoleArea {
  /** First path segment, also the app the server's menu data names (platform reads as operation). */
  segment: string;
  /** Key of the console's name in the `menus` namespace (`apps.<label>`). */
  label: string;
  pages: ConsolePage[];
}

const page = (path: string, label: string, menu?: string): ConsolePage =>
  menu ? { path, label, menu } : { path, label };

/** Series whose remote configuration screens are registered at start-up (core §2). */
export const CONFIG_SERIES = CONFIG_MENU_SERIES;

export const CONSOLE_AREAS: ConsoleArea[] = [
  {
    segment: 'robustlink',
    label: 'robustlink',
    pages: [
      page('dashboard', 'dashboard'),
      page('devices/allDevices', 'allDevices'),
      page('devices/deviceGroup', 'deviceGroup'),
      page('devices/deviceGroup/:id', 'deviceGroupDetail', 'devices/deviceGroup'),
      page('device/deviceDetails/:sn', 'deviceDetails', 'devices/allDevices'),
      page('devices/deviceTemplate', 'deviceTemplate'),
      page('devices/import', 'import'),
      page('devices/appCentre', 'appCentre'),
      // Not in core §2: rollouts of the app centre's versions (issue 14; docs/decisions.md "Rollouts").
      page('devices/appCentre/rollouts', 'rollouts', 'devices/appCentre'),
      page('devices/appCentre/rollouts/:id', 'rolloutDetail', 'devices/appCentre'),
      page('location', 'location'),
      page('activity', 'activity'),
      page('noti', 'noti'),
      page('customReports', 'customReports'),
      page('tags', 'tags'),
      page('alertCenter', 'alertCenter'),
      page('pointTable', 'pointTable'),
      page('pointTable/pointTableDetails/:id', 'pointTableDetails', 'pointTable'),
      page('portalManager', 'portalManager'),
      page('portalManager/portalDetail/:id', 'portalDetail', 'portalManager'),
      ...CONFIG_SERIES.map((series) => page(`${series}/:sn`, 'deviceConfiguration', 'devices/allDevices')),
    ],
  },
  {
    segment: 'vpn',
    label: 'vpn',
    pages: [
      page('dashboard', 'dashboard'),
      page('devices', 'vpnDevices'),
      page('groups', 'vpnGroups'),
      page('group/:id', 'vpnGroupDetail', 'groups'),
      page('unGroup', 'unGroup'),
      page('serviceClient', 'serviceClient'),
      page('activity', 'activity'),
      page('notifications', 'notifications'),
    ],
  },
  {
    segment: 'operation',
    label: 'operation',
    pages: [
      page('myAccount', 'myAccount'),
      page('companyAccount', 'companyAccount'),
      page('userManager/user', 'users'),
      page('userManager/role', 'roles'),
      page('userManager/role/jurisdiction/:id', 'jurisdiction', 'userManager/role'),
      page('oem', 'oem'),
      page('deviceTemplate', 'deviceTemplate'),
      page('import', 'import'),
      page('openApi', 'openApi'),
      page('apiManual', 'apiManual'),
      page('licenses', 'licenses'),
      page('billing', 'billing'),
      page('onlineCheckout', 'onlineCheckout'),
      page('notificationCenter', 'notificationCenter'),
      page('notification', 'notification'),
      page('userAccount', 'userAccount'),
    ],
  },
  {
    segment: 'distributorconsole',
    label: 'distributorconsole',
    pages: [
      page('myCustomers', 'myCustomers'),
      page('myCustomers/orders', 'purchaseOrders', 'myCustomers'),
      page('myCustomers/:companyId/prices', 'customerPrices', 'myCustomers'),
      page('myCustomers/:companyId', 'customerDetail', 'myCustomers'),
      page('notificationCenter', 'notificationCenter'),
      page('emailNotifications', 'emailNotifications'),
      page('rebateAmount', 'rebateAmount'),
      page('branding', 'branding'),
    ],
  },
  {
    segment: 'resellerconsole',
    label: 'resellerconsole',
    pages: [
      page('myCustomers', 'myCustomers'),
      page('myCustomers/orders', 'purchaseOrders', 'myCustomers'),
      page('myCustomers/:companyId/prices', 'customerPrices', 'myCustomers'),
      page('myCustomers/:companyId', 'customerDetail', 'myCustomers'),
      page('notificationCenter', 'notificationCenter'),
      page('emailNotifications', 'emailNotifications'),
      page('branding', 'branding'),
    ],
  },
  {
    segment: 'installerconsole',
    label: 'installerconsole',
    pages: [
      page('dashboard', 'dashboard'),
      page('provisioning', 'provisioning'),
      page('installation', 'installation'),
      page('techSupport', 'techSupport'),
      page('commercial', 'commercial'),
      page('systemLog', 'systemLog'),
      page('settings', 'settings'),
      page('videos', 'videos'),
    ],
  },
  {
    segment: 'elevatoriot',
    label: 'elevatoriot',
    pages: [
      page('dashboard', 'dashboard'),
      page('elevatorManagement', 'elevatorManagement'),
      page('elevatorStatus', 'elevatorStatus'),
      page('elevatorStatusDetail/:id', 'elevatorStatusDetail', 'elevatorStatus'),
      page('elevatorGroup', 'elevatorGroup'),
      page('elevatorGroupDetails/:id', 'elevatorGroupDetails', 'elevatorGroup'),
      page('mapView', 'mapView'),
      page('eventManager', 'eventManager'),
      page('allCalls', 'allCalls'),
      page('pushNotification', 'pushNotification'),
      page('privateMessages', 'privateMessages'),
    ],
  },
  {
    segment: 'appcenter',
    label: 'appcenter',
    pages: [
      page('appCenter', 'appCenter'),
      page('iotcenntor', 'iotConnectors'),
      page('iotConnector/:id', 'iotConnectorDetail', 'iotcenntor'),
    ],
  },
  {
    segment: 'endpointManager',
    label: 'endpointManager',
    pages: [
      page('dashboard', 'dashboard'),
      page('productManagement', 'productManagement'),
      page('productManagement/productManagementDetails/:id', 'productDetails', 'productManagement'),
      page('endDeviceManagement', 'endDeviceManagement'),
      page('endDeviceManagement/endDeviceDetail/:thingId', 'endDeviceDetail', 'endDeviceManagement'),
      page('endDeviceGroups', 'endDeviceGroups'),
      page('endDeviceGroups/:id/:groupType', 'endDeviceGroupDetail', 'endDeviceGroups'),
      page('endDeviceLocations', 'endDeviceLocations'),
      page('alertCenter', 'alertCenter'),
    ],
  },
  {
    segment: 'support',
    label: 'support',
    pages: [
      page('openApi', 'openApi'),
      page('releaseNotes', 'releaseNotes'),
      page('apiManual', 'apiManual'),
      page('resource', 'resource'),
      page('FAQ', 'faq'),
      page('certificate', 'certificate'),
    ],
  },
  {
    segment: 'superAdmin',
    label: 'superAdmin',
    pages: [
      page('myAccount', 'myAccount'),
      page('appCenter', 'appCenter'),
      page('releaseNotes', 'releaseNotes'),
      page('maintenance', 'maintenance'),
      page('resources', 'resource'),
      page('FAQ', 'faq'),
      page('certificates', 'certificate'),
    ],
  },
];

export interface PageMatch {
  area: ConsoleArea;
  page: ConsolePage;
}

/** The console page a path shows, if any. */
export function matchConsolePage(pathname: string): PageMatch | null {
  const [, segment] = pathname.split('/');
  const area = CONSOLE_AREAS.find((a) => a.segment === segment);
  if (!area) return null;
  for (const candidate of area.pages) {
    if (matchPath({ path: `/${area.segment}/${candidate.path}`, end: true }, pathname)) {
      return { area, page: candidate };
    }
  }
  return null;
}

/** The path of a console page by its area and title label (`/robustlink/noti`); throws for an unknown one. */
export function pathOfPage(segment: string, label: string): string {
  const area = CONSOLE_AREAS.find((a) => a.segment === segment);
  const found = area?.pages.find((p) => p.label === label);
  if (!area || !found) throw new Error(`no console page ${segment}/${label}`);
  return `/${area.segment}/${found.path}`;
}

/** The area (app) of a path: its first segment when that names a console. */
export function areaOfPath(pathname: string): ConsoleArea | null {
  const [, segment] = pathname.split('/');
  return CONSOLE_AREAS.find((a) => a.segment === segment) ?? null;
}

/**
 * The menu entry to highlight for a path: a detail tab (device details, group detail, IoT connector
 * detail ...) lights the list it was opened from; every other path lights itself.
 */
export function activeMenuFor(pathname: string): string {
  const match = matchConsolePage(pathname);
  if (match?.page.menu) return `/${match.area.segment}/${match.page.menu}`;
  return pathname;
}
