/** The partner branding page (issue 13): the logo and app name a partner's customers see. */
export const branding = {
  en: {
    title: 'Branding',
    intro:
      'Your customers, and their customers, see this logo and app name in their console header and browser tab instead of Fleetport’s.',
    appName: 'App name',
    appNamePlaceholder: 'Fleetport',
    logo: 'Logo',
    logoHint: 'PNG or JPEG, 135x35 pixels, under 1024 KB',
    upload: 'Upload logo',
    remove: 'Remove logo',
    preview: 'What your customers see',
    save: 'Save',
    saved: 'The branding was saved.',
  },
  cn: {
    title: '品牌',
    intro: '您的客户及其下级客户将在控制台顶部和浏览器标签中看到此标志和应用名称，而不是 Fleetport 的。',
    appName: '应用名称',
    appNamePlaceholder: 'Fleetport',
    logo: '标志',
    logoHint: 'PNG或JPEG，135x35像素，小于1024 KB',
    upload: '上传标志',
    remove: '移除标志',
    preview: '客户看到的效果',
    save: '保存',
    saved: '品牌设置已保存。',
  },
} as const;
