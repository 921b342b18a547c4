import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTicket } from './ticket-signature.ts';

describe('signTicket', () => {
  it.each([
    ['t-1f3a9c', 'session-key', 1_767_225_600_000],
    ['abc', '', 0],
    ['9f8e7d6c5b4a', '密钥-ключ-🔑', 1_700_000_000_123],
  ])('signs %s with its key as node:crypto HMAC-SHA256 does', (ticket, key, now) => {
    const expected = createHmac('sha256', key).update(`${ticket}.${now}`).digest('hex');
    expect(signTicket(ticket, key, now)).toBe(`${ticket}.${now}.${expected}`);
  });

  it('gives another signature a millisecond later, so a captured header ages out', () => {
    const a = signTicket('t', 'k', 1000).split('.')[2];
    const b = signTicket('t', 'k', 1001).split('.')[2];
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).not.toBe(a);
  });
});
