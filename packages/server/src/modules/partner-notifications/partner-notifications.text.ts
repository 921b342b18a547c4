import type { AlertEmailType, Localized } from '@fleetport/contract';
import type { MailText } from '../../platform/mail/mail-text.ts';

/** The words of the alert e-mails the server writes itself; `{name}` placeholders. */

/** The platform's subject of each type until the partner saves its own. */
export const DEFAULT_ALERT_SUBJECTS: Record<AlertEmailType, Localized> = {
  licencesInsufficient: { en: 'Your licences are running out', cn: '您的许可证即将不足' },
  vpnDataExhausted: { en: 'Your VPN data is used up', cn: '您的VPN流量已用尽' },
  vpnDataLow: { en: 'Your VPN data is running low', cn: '您的VPN流量即将不足' },
  elevatorIot: { en: 'Elevator IoT notice', cn: '电梯物联网通知' },
};

/**
 * The insufficient-licence mail's body: {customer}, {partner}, {products}, {supportEmail}. Its subject is
 * the partner's own (or DEFAULT_ALERT_SUBJECTS).
 */
export const LICENCES_INSUFFICIENT_BODY: Localized = {
  en:
    'Dear {customer},\n\n' +
    'The licences of your devices will not all renew: {products}.\n' +
    'Devices whose licence ends without a renewal fall back to Basic.\n\n' +
    'Please contact {partner} to buy more licences: {supportEmail}\n',
  cn:
    '尊敬的{customer}：\n\n' +
    '您的设备许可证不足以全部续期：{products}。\n' +
    '许可证到期且未续期的设备将降级为基础版。\n\n' +
    '请联系{partner}购买更多许可证：{supportEmail}\n',
};

/** One product's shortfall in the list of the mail: {product}, {shortfall}. */
export const SHORTFALL_ITEM: Localized = {
  en: '{product} short by {shortfall}',
  cn: '{product}缺少{shortfall}个',
};

/** The "send test mail" button's mail: {company}. */
export const TEST_MAIL: MailText = {
  subject: { en: 'Test mail from {company}', cn: '来自{company}的测试邮件' },
  body: {
    en: 'This test mail was sent through the SMTP settings of {company}. They work.\n',
    cn: '此测试邮件通过{company}的SMTP设置发送，设置可用。\n',
  },
};
