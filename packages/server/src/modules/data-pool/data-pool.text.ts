import type { Localized } from '@fleetport/contract';

/** The words the data pool writes itself: the items export and the partner's alert e-mails; `{name}` placeholders. */

export const DATA_POOL_EXPORT_TEXT = {
  sheetName: { en: 'Data pool', cn: '流量池' },
} satisfies Record<string, Localized>;

/**
 * The "VPN data low" mail's body: {customer}, {partner}, {remaining}, {total}, {supportEmail}. Its subject
 * is the partner's own (or partner-notifications' DEFAULT_ALERT_SUBJECTS).
 */
export const VPN_DATA_LOW_BODY: Localized = {
  en:
    'Dear {customer},\n\n' +
    'Your VPN data pool is running low: {remaining} of {total} remain.\n' +
    'VPN traffic beyond the pool is not covered.\n\n' +
    'Please contact {partner} to buy data packages: {supportEmail}\n',
  cn:
    '尊敬的{customer}：\n\n' +
    '您的VPN流量池即将不足：剩余{remaining}，共{total}。\n' +
    '超出流量池的VPN流量将不被覆盖。\n\n' +
    '请联系{partner}购买流量包：{supportEmail}\n',
};

/** The "VPN data exhausted" mail's body: {customer}, {partner}, {supportEmail}. */
export const VPN_DATA_EXHAUSTED_BODY: Localized = {
  en:
    'Dear {customer},\n\n' +
    'Your VPN data pool is used up: VPN traffic is no longer covered.\n\n' +
    'Please contact {partner} to buy data packages: {supportEmail}\n',
  cn:
    '尊敬的{customer}：\n\n' +
    '您的VPN流量池已用尽：VPN流量将不再被覆盖。\n\n' +
    '请联系{partner}购买流量包：{supportEmail}\n',
};
