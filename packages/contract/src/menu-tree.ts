import type { Localized } from './i18n.ts';
import { COMPANY_TYPE } from './role-types.ts';

/**
 * The permission tree (core §2 "Child routes by area" and "Left menu groups", features §2, core §6):
 * apps (consoles) hold menu groups, groups hold menus (routes), menus hold funCodes. A funCode is
 * `<area>.<action>`; the server checks calls against them and the console hides what they deny.
 */
export const FUN_ACTIONS = ['view', 'create', 'edit', 'remove', 'export', 'exportAll', 'apply'] as const;
export type FunAction = (typeof FUN_ACTIONS)[number];

export interface MenuDef {
  /** Unique across the tree: `<app>.<route>`, e.g. `robustlink.allDevices`. */
  menuCode: string;
  name: Localized;
  /** Route the menu opens (core §2), under the console's base path. */
  path: string;
  /** Permission area; the menu's funCodes are `<area>.<action>` plus `extra`. */
  area: string;
  actions: readonly FunAction[];
  /** Extra functions beyond the seven actions (e.g. `licenses.buyMore`, core §6). */
  extra?: readonly string[];
}

export interface MenuGroupDef {
  /** Group key of core §2 "Left menu groups" (Information, Devices, VPNS ...). */
  groupCode: string;
  name: Localized;
  icon: string;
  menus: readonly MenuDef[];
}

export interface AppDef {
  appId: number;
  /** Wire name. The operation console is "platform" (core §2); see `consoleOfApp`. */
  appName: string;
  name: Localized;
  basePath: string;
  /** Company types that see this console; absent means every type. */
  companyTypes?: readonly number[];
  groups: readonly MenuGroupDef[];
}

const ALL: readonly FunAction[] = FUN_ACTIONS;
const CRUD: readonly FunAction[] = ['view', 'create', 'edit', 'remove'];
const VIEW: readonly FunAction[] = ['view'];
const VIEW_EDIT: readonly FunAction[] = ['view', 'edit'];

function menu(
  app: string,
  route: string,
  en: string,
  cn: string,
  area: string,
  actions: readonly FunAction[],
  extra?: readonly string[],
): MenuDef {
  return {
    menuCode: `${app}.${route.split('/').pop()}`,
    name: { en, cn },
    path: `/${app}/${route}`,
    area,
    actions,
    ...(extra ? { extra } : {}),
  };
}

function group(groupCode: string, en: string, cn: string, icon: string, menus: MenuDef[]): MenuGroupDef {
  return { groupCode, name: { en, cn }, icon, menus };
}

const R = 'robustlink';
const V = 'vpn';
const O = 'operation';
const D = 'distributorconsole';
const S = 'resellerconsole';
/** The installer console's app name; role defaults single it out. */
export const INSTALLER_APP = 'installerconsole';
const I = INSTALLER_APP;
const A = 'appcenter';
const E = 'endpointManager';
const L = 'elevatoriot';
const P = 'support';

export const APPS: readonly AppDef[] = [
  {
    appId: 1,
    appName: R,
    name: { en: 'Device management', cn: '设备管理' },
    basePath: `/${R}`,
    groups: [
      group('Information', 'Information', '信息', 'dashboard', [
        menu(R, 'dashboard', 'Dashboard', '仪表盘', 'dashboard', VIEW_EDIT),
        menu(R, 'location', 'Location', '位置', 'locations', VIEW),
      ]),
      group('Devices', 'Devices', '设备', 'router', [
        menu(R, 'devices/allDevices', 'All devices', '所有设备', 'devices', ALL),
        menu(R, 'devices/deviceGroup', 'Device groups', '设备分组', 'groups', [...CRUD, 'export']),
        menu(R, 'tags', 'Tags', '标签', 'tags', CRUD),
        menu(R, 'devices/import', 'Registrations', '设备导入', 'registrations', [...CRUD, 'export']),
        menu(R, 'devices/deviceTemplate', 'Templates', '模板', 'templates', [...CRUD, 'apply']),
      ]),
      group('deviceAssets', 'Device assets', '设备资产', 'appstore', [
        menu(R, 'devices/appCentre', 'Firmware and apps', '固件与应用', 'firmware', [
          ...CRUD,
          'export',
          'apply',
        ]),
        menu(R, 'pointTable', 'Point table', '点表', 'pointTable', [...CRUD, 'export']),
        menu(R, 'portalManager', 'Portal manager', '门户管理', 'portalManager', [...CRUD, 'apply']),
      ]),
      group('Maintenance', 'Maintenance', '维护', 'tool', [
        menu(R, 'alertCenter', 'Alert centre', '告警中心', 'alerts', [...CRUD, 'export']),
        menu(R, 'activity', 'Activity', '活动日志', 'activity', ['view', 'export', 'exportAll']),
        menu(R, 'noti', 'Notifications', '通知', 'deviceNotifications', VIEW_EDIT),
      ]),
      group('reportConsole', 'Reports', '报表', 'file', [
        menu(R, 'customReports', 'Custom reports', '自定义报表', 'reports', [...CRUD, 'export']),
      ]),
    ],
  },
  {
    appId: 2,
    appName: V,
    name: { en: 'VPN management', cn: 'VPN管理' },
    basePath: `/${V}`,
    groups: [
      group('Information', 'Information', '信息', 'dashboard', [
        menu(V, 'dashboard', 'Dashboard', '仪表盘', 'vpnDashboard', VIEW),
      ]),
      group('VPNS', 'VPNs', 'VPN', 'cluster', [
        menu(V, 'groups', 'VPN groups', 'VPN组', 'vpnGroups', [...CRUD, 'apply', 'export']),
        menu(V, 'devices', 'VPN devices', 'VPN设备', 'vpnDevices', [...CRUD, 'export']),
        menu(V, 'unGroup', 'Ungrouped', '未分组', 'vpnUngrouped', VIEW_EDIT),
        menu(V, 'serviceClient', 'Service clients', '服务客户端', 'serviceClients', CRUD),
      ]),
      group('Maintenance', 'Maintenance', '维护', 'tool', [
        menu(V, 'activity', 'Activity', '活动日志', 'vpnActivity', ['view', 'export']),
        menu(V, 'notifications', 'Notifications', '通知', 'vpnNotifications', VIEW_EDIT),
      ]),
    ],
  },
  {
    appId: 3,
    appName: 'platform',
    name: { en: 'Operation', cn: '运营' },
    basePath: `/${O}`,
    groups: [
      group('accountSettings', 'Account settings', '账户设置', 'idcard', [
        menu(O, 'companyAccount', 'Company account', '公司账户', 'companyAccount', VIEW_EDIT),
      ]),
      group('userSettings', 'User settings', '用户设置', 'user', [
        menu(O, 'userAccount', 'User account', '用户账户', 'userAccount', VIEW_EDIT),
      ]),
      group('Administration', 'Administration', '管理', 'team', [
        menu(O, 'userManager/user', 'Users', '用户', 'users', [...CRUD, 'export']),
        menu(O, 'userManager/role', 'Roles', '角色', 'roles', CRUD),
        menu(O, 'oem', 'OEM', 'OEM', 'oem', VIEW_EDIT),
      ]),
      group('operation', 'Operation', '运营', 'shop', [
        menu(
          O,
          'licenses',
          'Licences',
          '许可证',
          'licenses',
          ['view', 'apply', 'export'],
          ['licenses.buyMore'],
        ),
        menu(O, 'billing', 'Billing', '账单', 'billing', ['view', 'export']),
        menu(O, 'onlineCheckout', 'Online checkout', '在线支付', 'checkout', ['view', 'create']),
        menu(O, 'openApi', 'Open API', '开放API', 'openApi', CRUD),
        menu(O, 'apiManual', 'API manual', 'API手册', 'apiManual', VIEW),
      ]),
      group('notificationCenter', 'Notification centre', '通知中心', 'bell', [
        menu(O, 'notificationCenter', 'Notification centre', '通知中心', 'notifications', VIEW_EDIT),
        menu(O, 'notification', 'Notification settings', '通知设置', 'notificationSettings', VIEW_EDIT),
      ]),
    ],
  },
  {
    appId: 4,
    appName: D,
    name: { en: 'Distributor console', cn: '分销商控制台' },
    basePath: `/${D}`,
    companyTypes: [COMPANY_TYPE.distributor],
    groups: [
      group('DistributorConsole', 'Distributor console', '分销商控制台', 'shop', [
        menu(D, 'myCustomers', 'My customers', '我的客户', 'customers', [...CRUD, 'export']),
        menu(D, 'notificationCenter', 'Notification centre', '通知中心', 'partnerNotifications', VIEW_EDIT),
        menu(D, 'emailNotifications', 'E-mail notifications', '邮件通知', 'partnerEmails', VIEW_EDIT),
        menu(D, 'rebateAmount', 'Rebates', '返利', 'distributorRebates', ['view', 'export']),
        menu(D, 'branding', 'Branding', '品牌', 'partnerBranding', VIEW_EDIT),
      ]),
    ],
  },
  {
    appId: 5,
    appName: S,
    name: { en: 'Re-seller console', cn: '经销商控制台' },
    basePath: `/${S}`,
    companyTypes: [COMPANY_TYPE.reseller],
    groups: [
      group('ReSellerConsole', 'Re-seller console', '经销商控制台', 'shop', [
        menu(S, 'myCustomers', 'My customers', '我的客户', 'customers', [...CRUD, 'export']),
        menu(S, 'notificationCenter', 'Notification centre', '通知中心', 'partnerNotifications', VIEW_EDIT),
        menu(S, 'emailNotifications', 'E-mail notifications', '邮件通知', 'partnerEmails', VIEW_EDIT),
        menu(S, 'branding', 'Branding', '品牌', 'partnerBranding', VIEW_EDIT),
      ]),
    ],
  },
  {
    appId: 6,
    appName: I,
    name: { en: 'Installer console', cn: '安装员控制台' },
    basePath: `/${I}`,
    groups: [
      group('InstallerConsole', 'Installer console', '安装员控制台', 'build', [
        menu(I, 'dashboard', 'Dashboard', '仪表盘', 'installerDashboard', VIEW),
        menu(I, 'provisioning', 'Provisioning', '配置', 'provisioning', [...CRUD, 'apply']),
        menu(I, 'installation', 'Installations', '安装', 'installations', [...CRUD, 'export']),
        menu(I, 'techSupport', 'Tech support', '技术支持', 'techSupport', ['view', 'apply']),
        menu(I, 'commercial', 'Commercial', '商务', 'commercial', ['view', 'export']),
        menu(I, 'systemLog', 'System log', '系统日志', 'systemLog', ['view', 'export']),
        menu(I, 'videos', 'Videos', '视频', 'videos', VIEW),
      ]),
      group('Settings', 'Settings', '设置', 'setting', [
        menu(I, 'settings', 'Settings', '设置', 'installerSettings', VIEW_EDIT),
      ]),
    ],
  },
  {
    appId: 7,
    appName: A,
    name: { en: 'App centre', cn: '应用中心' },
    basePath: `/${A}`,
    groups: [
      group('AppCenter', 'App centre', '应用中心', 'appstore', [
        menu(A, 'appCenter', 'App centre', '应用中心', 'appCentre', [...CRUD, 'apply']),
        menu(A, 'iotcenntor', 'IoT connector', '物联网连接器', 'iotConnector', CRUD),
      ]),
    ],
  },
  {
    appId: 8,
    appName: E,
    name: { en: 'Endpoint manager', cn: '终端设备管理' },
    basePath: `/${E}`,
    groups: [
      group('EndDevices', 'Endpoints', '终端设备', 'dashboard', [
        menu(E, 'dashboard', 'Dashboard', '仪表盘', 'endpointDashboard', CRUD),
      ]),
      group('products', 'Products', '产品', 'appstore', [
        menu(E, 'productManagement', 'Products', '产品管理', 'products', [...CRUD, 'export']),
      ]),
      group('EndDevicesManagement', 'Endpoint management', '终端设备管理', 'cluster', [
        menu(E, 'endDeviceManagement', 'Endpoints', '终端设备', 'endpoints', ALL),
        menu(E, 'endDeviceGroups', 'Endpoint groups', '终端设备分组', 'endpointGroups', CRUD),
        menu(E, 'endDeviceLocations', 'Endpoint locations', '终端设备位置', 'endpointLocations', VIEW),
      ]),
      group('EndDevicesMaintenance', 'Endpoint maintenance', '终端设备维护', 'tool', [
        menu(E, 'alertCenter', 'Alert centre', '告警中心', 'endpointAlerts', [...CRUD, 'export']),
      ]),
    ],
  },
  {
    appId: 9,
    appName: L,
    name: { en: 'Elevator IoT', cn: '电梯物联网' },
    basePath: `/${L}`,
    groups: [
      group('ElevatorIot', 'Elevator IoT', '电梯物联网', 'build', [
        menu(L, 'dashboard', 'Dashboard', '仪表盘', 'elevatorDashboard', VIEW),
        menu(L, 'elevatorManagement', 'Elevators', '电梯管理', 'elevators', [...CRUD, 'export']),
        menu(L, 'elevatorStatus', 'Elevator status', '电梯状态', 'elevatorStatus', VIEW),
        menu(L, 'elevatorGroup', 'Elevator groups', '电梯分组', 'elevatorGroups', CRUD),
        menu(L, 'mapView', 'Map view', '地图视图', 'elevatorMap', VIEW),
        menu(L, 'eventManager', 'Events', '事件管理', 'elevatorEvents', [...CRUD, 'export']),
        menu(L, 'allCalls', 'All calls', '所有呼叫', 'elevatorCalls', ['view', 'export']),
        menu(L, 'pushNotification', 'Push notifications', '推送通知', 'elevatorPush', CRUD),
        menu(L, 'privateMessages', 'Private messages', '私信', 'elevatorMessages', VIEW_EDIT),
      ]),
    ],
  },
  {
    appId: 10,
    appName: P,
    name: { en: 'Support', cn: '支持' },
    basePath: `/${P}`,
    groups: [
      group('support', 'Support', '支持', 'question', [
        menu(P, 'openApi', 'Open API', '开放API', 'supportOpenApi', VIEW),
        menu(P, 'releaseNotes', 'Release notes', '发布说明', 'releaseNotes', VIEW),
        menu(P, 'apiManual', 'API manual', 'API手册', 'apiManual', VIEW),
        menu(P, 'resource', 'Resources', '资源', 'resources', VIEW),
        menu(P, 'FAQ', 'FAQ', '常见问题', 'faq', VIEW),
        menu(P, 'certificate', 'Certificates', '证书', 'certificates', VIEW),
      ]),
    ],
  },
];

/**
 * The Super Admin's own console (core §2: /superAdmin, only the user name Super Admin). It is not a
 * company's console: no role holds its functions and the server checks `superAdmin` on its calls, so
 * it stays out of APPS (and of every funCode list); the menu call answers it to the Super Admin alone.
 */
export const SUPER_ADMIN_APP: AppDef = {
  appId: 11,
  appName: 'superAdmin',
  name: { en: 'Super Admin', cn: '超级管理员' },
  basePath: '/superAdmin',
  groups: [
    group('Platform', 'Platform', '平台', 'appstore', [
      menu('superAdmin', 'appCenter', 'App centre', '应用中心', 'superAdmin', VIEW),
      menu('superAdmin', 'releaseNotes', 'Release notes', '发布说明', 'superAdmin', VIEW),
      menu('superAdmin', 'maintenance', 'Maintenance notices', '维护通知', 'superAdmin', VIEW),
      menu('superAdmin', 'resources', 'Resources', '资源', 'superAdmin', VIEW),
      menu('superAdmin', 'FAQ', 'FAQ', '常见问题', 'superAdmin', VIEW),
      menu('superAdmin', 'certificates', 'Certificates', '证书', 'superAdmin', VIEW),
      menu('superAdmin', 'companies', 'Companies', '公司', 'superAdmin', VIEW),
      menu('superAdmin', 'retirements', 'Feature retirements', '功能停用', 'superAdmin', VIEW),
      menu('superAdmin', 'health', 'Platform health', '平台健康', 'superAdmin', VIEW),
    ]),
  ],
};
