/** Texts of the HTTP client's reactions (api/notifier.tsx, api/export.ts). Keys namespaced `request.*`. */
export const request = {
  en: {
    alertTitle: 'Notice',
    upgradeTitle: 'Upgrade required',
    upgrade: 'Upgrade',
    noLicencePermission:
      'You have no permission to open the licences page. Please contact your administrator.',
    exportStarted:
      'The export runs in the background. When it is ready you can download the file from the export records.',
  },
  cn: {
    alertTitle: '提示',
    upgradeTitle: '需要升级',
    upgrade: '升级',
    noLicencePermission: '您没有打开许可证页面的权限，请联系管理员。',
    exportStarted: '导出为异步任务，生成完成后可在导出记录中下载文件。',
  },
};
