import { describe, expect, it } from 'vitest';
import {
  allocateNetwork,
  blockOf,
  freeMemberAddress,
  hubAddressOf,
  memberCapacity,
  netmaskOf,
} from './address-plan.ts';

describe('VPN address plan', () => {
  it('takes the lowest free aligned block of the pool, skipping every taken one', () => {
    expect(allocateNetwork(24, [])).toBe('10.224.0.0');
    expect(allocateNetwork(24, [blockOf('10.224.0.0', 24)])).toBe('10.224.1.0');
    // A /28 fits into the gap before a /24; a /24 after a /28 starts at the next /24.
    expect(allocateNetwork(28, [blockOf('10.224.1.0', 24)])).toBe('10.224.0.0');
    expect(allocateNetwork(24, [blockOf('10.224.0.0', 28)])).toBe('10.224.1.0');
    expect(allocateNetwork(29, [blockOf('10.224.0.0', 29), blockOf('10.224.0.16', 29)])).toBe('10.224.0.8');
  });

  it('answers null when the pool holds no free block of the size', () => {
    expect(allocateNetwork(12, [blockOf('10.239.255.0', 24)])).toBeNull();
    expect(allocateNetwork(12, [])).toBe('10.224.0.0');
  });

  it('gives the hub the first host and members the rest, the broadcast never', () => {
    expect(hubAddressOf('10.224.3.0')).toBe('10.224.3.1');
    expect(netmaskOf(29)).toBe('255.255.255.248');
    expect(memberCapacity(29)).toBe(5);
    expect(memberCapacity(24)).toBe(253);
    const used = new Set(['10.224.0.2', '10.224.0.3', '10.224.0.4', '10.224.0.5']);
    expect(freeMemberAddress('10.224.0.0', 29, used)).toBe('10.224.0.6');
    used.add('10.224.0.6');
    expect(freeMemberAddress('10.224.0.0', 29, used)).toBeNull();
  });
});
