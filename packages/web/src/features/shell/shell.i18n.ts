/** Texts of the console shell: header, left menu, tabs, footer and the dialogs around them. */
export const shell = {
  en: {
    menuBadge: {
      unreadAlerts: '{{count}} unread firing alerts',
    },
    liveAlert: {
      firing: '{{rule}}: {{count}} device(s) alerting',
      resolved: '{{rule}}: {{count}} device(s) resolved',
      flapping: '{{rule}}: {{count}} device(s) flapping',
    },
    header: {
      switchApp: 'Switch console',
      switchCompany: 'Switch company',
      allCompanies: 'All companies…',
      notifications: 'Notifications',
      noNotifications: 'No new notifications',
      allNotifications: 'All notifications ({{count}} unread)',
      myAccount: 'My Account',
      exportRecords: 'Export records',
      logout: 'Log out',
      userMenu: 'User menu',
    },
    tabs: {
      maxWarning:
        'The max. tab allowed are 10, the first one tab on the left will be closed automatically if open the new tab beyond the max.',
      close: 'Close',
      closeOthers: 'Close others',
      clear: 'Close all',
      actions: 'Tab actions',
      more: 'More tabs',
    },
    footer: {
      copyright: '© {{year}} Fleetport. All rights reserved.',
      version: 'Version {{version}}',
    },
    badge: { beta: 'Beta', dev: 'Dev', test: 'Test' },
    comingSoon: {
      title: '{{page}} is coming soon',
      description:
        'This part of the console is not available yet. The menu stays in place so you can find it when it lands.',
    },
    noMenus: 'Your role has no console pages in this company. Open My Account or switch company.',
    initialPassword: {
      title: 'Change your initial password',
      content: 'You are signed in with an initial password. Please reset it now to keep your account safe.',
      ok: 'Reset now',
      later: 'Later',
    },
    instructions: {
      title: 'Welcome to Fleetport',
      intro: 'A quick tour of the console:',
      menu: 'The left menu lists the consoles and pages your role may open.',
      tabs: 'Pages open as tabs above the workspace; up to 10 stay open.',
      header: 'Switch company, language and console from the header; your account is under your name.',
      gotIt: 'Got it',
    },
    notes: { title: 'Notes', empty: 'There are no notes to show.' },
    maintenance: { title: 'Maintenance notice' },
    licenceBanner: {
      text_one:
        'Licences are insufficient: {{count}} more licence ({{products}}) is needed to renew the devices whose licence ends soon. Devices without a renewal fall back to Basic.',
      text_other:
        'Licences are insufficient: {{count}} more licences ({{products}}) are needed to renew the devices whose licence ends soon. Devices without a renewal fall back to Basic.',
      separator: ', ',
      open: 'Go to licences',
      dismiss: 'Hide for this session',
    },
    blockLeave: {
      pointTable: 'The point table is being edited. Please save it first.',
      endDevice: 'The end-device parameters are not saved. Please save them first.',
    },
  },
  cn: {
    menuBadge: {
      unreadAlerts: '{{count}} 条未读告警',
    },
    liveAlert: {
      firing: '{{rule}}：{{count}}台设备告警',
      resolved: '{{rule}}：{{count}}台设备已恢复',
      flapping: '{{rule}}：{{count}}台设备状态频繁变化',
    },
    header: {
      switchApp: '切换控制台',
      switchCompany: '切换公司',
      allCompanies: '全部公司…',
      notifications: '通知',
      noNotifications: '暂无新通知',
      allNotifications: '全部通知（{{count}} 条未读）',
      myAccount: '我的账号',
      exportRecords: '导出记录',
      logout: '退出登录',
      userMenu: '用户菜单',
    },
    tabs: {
      maxWarning: '最多允许打开10个标签页，超出时将自动关闭最左侧的第一个标签页。',
      close: '关闭',
      closeOthers: '关闭其他',
      clear: '全部关闭',
      actions: '标签页操作',
      more: '更多标签页',
    },
    footer: {
      copyright: '© {{year}} Fleetport 版权所有。',
      version: '版本 {{version}}',
    },
    badge: { beta: '公测版', dev: '开发版', test: '测试版' },
    comingSoon: {
      title: '{{page}}即将推出',
      description: '控制台的这一部分尚未开放。菜单会保留在原处，上线后即可使用。',
    },
    noMenus: '您的角色在该公司下没有可访问的控制台页面。请打开“我的账号”或切换公司。',
    initialPassword: {
      title: '修改初始密码',
      content: '您正在使用初始密码登录。为了账号安全，请立即重置密码。',
      ok: '立即重置',
      later: '稍后',
    },
    instructions: {
      title: '欢迎使用 Fleetport',
      intro: '控制台快速导览：',
      menu: '左侧菜单列出您的角色可以打开的控制台和页面。',
      tabs: '页面以标签页形式在工作区上方打开，最多保留10个。',
      header: '在页头切换公司、语言和控制台；账号设置在您的用户名下。',
      gotIt: '知道了',
    },
    notes: { title: '公告', empty: '暂无公告。' },
    maintenance: { title: '维护通知' },
    licenceBanner: {
      text_one:
        '许可证不足：还需 {{count}} 个许可证（{{products}}）才能为即将到期的设备续期，未续期的设备将降级为基础版。',
      text_other:
        '许可证不足：还需 {{count}} 个许可证（{{products}}）才能为即将到期的设备续期，未续期的设备将降级为基础版。',
      separator: '、',
      open: '前往许可证',
      dismiss: '本次会话期间不再显示',
    },
    blockLeave: {
      pointTable: '点表正在编辑中，请先保存。',
      endDevice: '终端设备参数尚未保存，请先保存。',
    },
  },
};
