import { z } from 'zod';
import { GLOBAL_DATA_LIMIT_MAX_MB, MAX_VPN_GROUPS_PER_SERVICE_CLIENT } from '../limits.ts';
import { registerRuleMessages } from './messages.ts';
import { intBetween, intRange } from './numbers.ts';
import { boundedText, type RuleFailure, refineWith } from './rule.ts';

/** VPN ranges of core §5. */
registerRuleMessages({
  serviceClientNameChars: {
    en: 'The name may contain only Chinese characters, letters, digits, spaces and underscores',
    cn: '名称只能包含汉字、字母、数字、空格和下划线',
  },
  vpnGroupsMax: { en: 'A client can join at most {num} VPN groups', cn: '每个客户端最多加入{num}个VPN组' },
  vpnUserClientOneGroup: {
    en: 'A user-type client can join only one VPN group',
    cn: '用户类型的客户端只能加入一个VPN组',
  },
});

/** Seconds between keep-alive pings of a VPN tunnel. */
export const VpnPingIntervalSchema = intBetween(5, 600);
/**
 * Failed pings before the tunnel restarts; fewer than 5 would flap on a lossy cellular link. Core §5
 * sets no upper bound; 1000 (with the longest interval, about a week of silence) keeps OpenVPN's
 * `keepalive` timeout a number it accepts.
 */
export const VpnPingRetrySchema = intRange(5, 1000);
export const VpnMtuSchema = intBetween(1280, 1500);
export const VpnFragmentSchema = intBetween(1280, 1500);
/** Days a data pool stays valid: more than 0, below 3651. */
export const DataPoolValidityDaysSchema = intBetween(1, 3650);

/**
 * VPN data limit in MB. Core §5 says only "required and below a maximum (not shown)"; it uses the global
 * data limit's maximum of features §5 (10485760 MB, i.e. 10 TB), the largest limit the platform knows.
 */
export const VpnDataLimitSchema = intRange(1, GLOBAL_DATA_LIMIT_MAX_MB);

/** Chinese characters, letters, digits, space and underscore. */
export function isServiceClientName(value: string): boolean {
  return /^[\p{Script=Han}A-Za-z0-9 _]+$/u.test(value);
}

/** Service client name; length as names in general (2-50). */
export const ServiceClientNameSchema = boundedText(2, 50).refine(isServiceClientName, {
  error: 'serviceClientNameChars',
});

/** A service client joins at most 5 groups; a user-type client exactly one at a time. */
export function checkClientGroups(
  clientType: string,
  groupIds: readonly string[],
): RuleFailure | string | null {
  if (clientType === 'user' && groupIds.length > 1) return 'vpnUserClientOneGroup';
  if (groupIds.length > MAX_VPN_GROUPS_PER_SERVICE_CLIENT)
    return { key: 'vpnGroupsMax', params: { num: MAX_VPN_GROUPS_PER_SERVICE_CLIENT } };
  return null;
}

export const ClientGroupsSchema = z
  .array(z.string().min(1))
  .superRefine(refineWith((groups: string[]) => checkClientGroups('site', groups)));

registerRuleMessages({
  lanSubnetInvalid: {
    en: 'Please enter a subnet as address/prefix, e.g. 192.168.1.0/24 (prefix 8-30, the network address)',
    cn: '请输入子网，格式为地址/前缀，例如 192.168.1.0/24（前缀8-30，网络地址）',
  },
});

/** A router's LAN subnet, `a.b.c.d/n` with n 8-30 and the network's own (first) address. */
export function isLanSubnet(value: string): boolean {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(value);
  if (!match) return false;
  const octets = match.slice(1, 5).map(Number);
  const prefix = Number(match[5]);
  if (octets.some((o) => o > 255) || prefix < 8 || prefix > 30) return false;
  const address = octets.reduce((acc, o) => acc * 256 + o, 0);
  return address % 2 ** (32 - prefix) === 0;
}

export const LanSubnetSchema = z.string().trim().max(18).refine(isLanSubnet, { error: 'lanSubnetInvalid' });
