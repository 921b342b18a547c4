/** The words the support area writes itself (field messages of code 1). */
export const SUPPORT_TEXT = {
  noSuchResource: { en: 'There is no such resource', cn: '没有此资源' },
  noSuchFaq: { en: 'There is no such FAQ entry', cn: '没有此常见问题' },
  noSuchCertificate: { en: 'There is no such certificate', cn: '没有此证书' },
  noSuchShareLink: { en: 'You have no such share link', cn: '您没有此分享链接' },
  notAResourceFile: {
    en: 'The file must be a file uploaded as a support resource',
    cn: '文件必须是以支持资源上传的文件',
  },
  notACertificateFile: {
    en: 'The file must be a .crt file uploaded as a certificate',
    cn: '文件必须是以证书上传的.crt文件',
  },
  notACertificate: {
    en: 'The file is not an X.509 certificate (PEM or DER)',
    cn: '该文件不是X.509证书（PEM或DER格式）',
  },
} as const;
