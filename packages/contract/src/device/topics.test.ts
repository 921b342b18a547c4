import { describe, expect, it } from 'vitest';
import {
  claimUsername,
  devicePublishAllowed,
  deviceSubscribeAllowed,
  downTopic,
  matchClientId,
  parseDeviceUsername,
  parseTopic,
  topicFilters,
  upTopic,
} from './topics.ts';

describe('device topics', () => {
  it('builds and parses every up and down topic', () => {
    expect(upTopic('R3000A1234', 'telemetry')).toBe('fp/R3000A1234/up/telemetry');
    expect(parseTopic('fp/R3000A1234/up/telemetry')).toEqual({
      sn: 'R3000A1234',
      direction: 'up',
      kind: 'telemetry',
    });
    expect(parseTopic(downTopic('SN-01.x', 'claim'))).toEqual({
      sn: 'SN-01.x',
      direction: 'down',
      kind: 'claim',
    });
  });

  it('rejects topics outside the protocol', () => {
    for (const topic of [
      'fp/R3000A1234/up/unknown',
      'fp/R3000A1234/down/telemetry',
      'xx/R3000A1234/up/hello',
      'fp/+/up/hello',
      'fp/R3000A1234/up/hello/extra',
      'fp//up/hello',
    ])
      expect(parseTopic(topic), topic).toBeNull();
  });

  it('refuses to build a topic from a serial number with topic characters', () => {
    expect(() => upTopic('a/b+c', 'hello')).toThrow(/serial number/);
  });

  it('gives the server a plain and a shared subscription', () => {
    expect(topicFilters.allUp).toBe('fp/+/up/#');
    expect(topicFilters.sharedUp).toBe('$share/fleetport/fp/+/up/#');
  });

  it('reads the claim phase from the user name', () => {
    expect(parseDeviceUsername(claimUsername('ABCD1234'))).toEqual({ phase: 'claim', sn: 'ABCD1234' });
    expect(parseDeviceUsername('ABCD1234')).toEqual({ phase: 'claimed', sn: 'ABCD1234' });
    expect(parseDeviceUsername('claim:')).toBeNull();
    expect(parseDeviceUsername(undefined)).toBeNull();
  });

  it('tells the main connection from auxiliary ones and refuses foreign client ids', () => {
    const login = { phase: 'claimed', sn: 'AAAA0001' } as const;
    expect(matchClientId(login, 'AAAA0001')).toEqual({ main: true });
    expect(matchClientId(login, 'AAAA0001:pub')).toEqual({ main: false });
    expect(matchClientId(login, 'AAAA0002')).toBeNull();
    expect(matchClientId(login, 'AAAA0001:')).toBeNull();
    expect(matchClientId({ phase: 'claim', sn: 'AAAA0001' }, 'claim:AAAA0001')).toEqual({ main: true });
    expect(matchClientId({ phase: 'claim', sn: 'AAAA0001' }, 'AAAA0001')).toBeNull();
  });

  it('lets a device publish and subscribe only its own topics', () => {
    const claimed = { phase: 'claimed', sn: 'AAAA0001' } as const;
    expect(devicePublishAllowed(claimed, 'fp/AAAA0001/up/telemetry')).toBe(true);
    expect(devicePublishAllowed(claimed, 'fp/AAAA0002/up/telemetry')).toBe(false);
    expect(devicePublishAllowed(claimed, 'fp/AAAA0001/down/rpc')).toBe(false);
    expect(devicePublishAllowed(claimed, 'fp/AAAA0001/up/claim')).toBe(false);
    expect(deviceSubscribeAllowed(claimed, 'fp/AAAA0001/down/rpc')).toBe(true);
    expect(deviceSubscribeAllowed(claimed, 'fp/AAAA0002/down/rpc')).toBe(false);
    expect(deviceSubscribeAllowed(claimed, 'fp/+/down/rpc')).toBe(false);
    expect(deviceSubscribeAllowed(claimed, 'fp/AAAA0001/down/#')).toBe(false);

    const claiming = { phase: 'claim', sn: 'AAAA0001' } as const;
    expect(devicePublishAllowed(claiming, 'fp/AAAA0001/up/claim')).toBe(true);
    expect(devicePublishAllowed(claiming, 'fp/AAAA0001/up/hello')).toBe(false);
    expect(deviceSubscribeAllowed(claiming, 'fp/AAAA0001/down/claim')).toBe(true);
    expect(deviceSubscribeAllowed(claiming, 'fp/AAAA0001/down/rpc')).toBe(false);
  });
});
