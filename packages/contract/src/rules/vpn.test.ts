import { describe, expect, it } from 'vitest';
import { ruleText } from './rule.ts';
import { messagesFor } from './test-helpers.ts';
import {
  ClientGroupsSchema,
  checkClientGroups,
  DataPoolValidityDaysSchema,
  isServiceClientName,
  ServiceClientNameSchema,
  VpnDataLimitSchema,
  VpnFragmentSchema,
  VpnMtuSchema,
  VpnPingIntervalSchema,
  VpnPingRetrySchema,
} from './vpn.ts';

describe('VPN ranges', () => {
  it.each([
    [VpnPingIntervalSchema, 5, 600],
    [VpnMtuSchema, 1280, 1500],
    [VpnFragmentSchema, 1280, 1500],
    [DataPoolValidityDaysSchema, 1, 3650],
  ] as const)('%#: %i-%i inclusive', (schema, min, max) => {
    expect(messagesFor(schema, min)).toEqual([]);
    expect(messagesFor(schema, max)).toEqual([]);
    expect(messagesFor(schema, min - 1)).toEqual([`Please enter an integer from ${min} to ${max}`]);
    expect(messagesFor(schema, max + 1, 'cn')).toEqual([`请输入${min}-${max}之间的整数`]);
  });

  it('ping retry at least 5', () => {
    expect(messagesFor(VpnPingRetrySchema, 5)).toEqual([]);
    expect(messagesFor(VpnPingRetrySchema, 4)).toEqual(['The input value is below the minimum value 5']);
  });

  it('data limit required and at most 10485760 MB', () => {
    expect(messagesFor(VpnDataLimitSchema, 10_485_760)).toEqual([]);
    expect(messagesFor(VpnDataLimitSchema, 10_485_761)).toEqual([
      'The input value exceeds the maximum value 10485760',
    ]);
    expect(messagesFor(VpnDataLimitSchema, undefined, 'en', 'dataLimit')).toEqual([
      'dataLimit is required field',
    ]);
  });
});

describe('service clients', () => {
  it('name: Chinese, letters, digits, space and underscore', () => {
    expect(isServiceClientName('仓库 Client_2')).toBe(true);
    expect(isServiceClientName('client-2')).toBe(false);
    expect(messagesFor(ServiceClientNameSchema, 'c@2', 'cn')).toEqual([
      '名称只能包含汉字、字母、数字、空格和下划线',
    ]);
  });

  it('at most 5 groups; a user-type client one', () => {
    expect(messagesFor(ClientGroupsSchema, ['g1', 'g2', 'g3', 'g4', 'g5'])).toEqual([]);
    expect(messagesFor(ClientGroupsSchema, ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'])).toEqual([
      'A client can join at most 5 VPN groups',
    ]);
    expect(checkClientGroups('user', ['g1'])).toBeNull();
    const failure = checkClientGroups('user', ['g1', 'g2']);
    expect(failure && ruleText(failure, 'cn')).toBe('用户类型的客户端只能加入一个VPN组');
  });
});
