import type { Localized } from '@fleetport/contract';

/** The portal manager's own words: field messages the catalogue has no code for, and the splash page's. */
export const PORTAL_TEXT = {
  fileNotOfKind: {
    en: 'Upload the file again: it is not one of your portal files of this kind',
    cn: '请重新上传文件：该文件不是本类型的门户文件',
  },
  accessCodeRequired: {
    en: 'Enter the access code visitors will type',
    cn: '请输入访客需要填写的访问码',
  },
  deviceOnOtherTemplate: {
    en: 'Router {sn} already uses the portal template {name}; remove it there first',
    cn: '路由器{sn}已使用门户模板{name}，请先从该模板移除',
  },
  neutralTitle: { en: 'WiFi', cn: 'WiFi' },
  neutralBody: {
    en: 'This network has no sign-in page. Ask the staff for help.',
    cn: '此网络没有登录页面，请联系工作人员。',
  },
  accept: { en: 'Accept and connect', cn: '接受并连接' },
  termsTitle: { en: 'Terms and conditions', cn: '条款与条件' },
  waitingForDevice: { en: 'Waiting for the device to come online', cn: '等待设备上线' },
  pushTimedOut: {
    en: 'The device did not confirm the update within 7 days',
    cn: '设备在7天内未确认更新',
  },
} satisfies Record<string, Localized>;
