/** Texts of the HTTP client's reactions (api/notifier.tsx). Keys namespaced `request.*`. */
export const request = {
  en: {
    alertTitle: 'Notice',
    upgradeTitle: 'Upgrade required',
    upgrade: 'Upgrade',
    noLicencePermission:
      'You have no permission to open the licences page. Please contact your administrator.',
  },
  cn: {
    alertTitle: '提示',
    upgradeTitle: '需要升级',
    upgrade: '升级',
    noLicencePermission: '您没有打开许可证页面的权限，请联系管理员。',
  },
};
