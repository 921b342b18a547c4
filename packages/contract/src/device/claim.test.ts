import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claimPassword, DEVELOPMENT_FACTORY_KEY, normalizeIdentifier, verifyClaimPassword } from './claim.ts';

const hmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');
const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const ts = Math.floor(now / 1000);

describe('claim proof', () => {
  const password = claimPassword(
    { sn: 'R2000X0001', kind: 'mac', identifier: 'aa-bb-cc-00-11-22', ts },
    DEVELOPMENT_FACTORY_KEY,
    hmac,
  );
  const verify = (over: Partial<Parameters<typeof verifyClaimPassword>[0]>) =>
    verifyClaimPassword({
      sn: 'R2000X0001',
      password,
      imported: { mac: 'AA:BB:CC:00:11:22' },
      nowMs: now,
      factoryKey: DEVELOPMENT_FACTORY_KEY,
      hmac,
      ...over,
    });

  it('is accepted against the imported MAC, whatever its spelling', () => {
    expect(password).toMatch(/^fpc1:mac:\d+:[0-9a-f]{64}$/);
    expect(verify({})).toEqual({ ok: true, kind: 'mac' });
    expect(verify({ imported: { mac: 'aabbcc001122' } })).toEqual({ ok: true, kind: 'mac' });
  });

  it('is refused for another MAC, another SN, another key, a stale time or garbage', () => {
    expect(verify({ imported: { mac: 'AA:BB:CC:00:11:23' } })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify({ sn: 'R2000X0002' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify({ factoryKey: 'other' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify({ nowMs: now + 11 * 60_000 })).toEqual({ ok: false, reason: 'expired' });
    expect(verify({ imported: { imei: '356938035643809' } })).toEqual({ ok: false, reason: 'noIdentifier' });
    expect(verify({ password: 'secret' })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('works with an IMEI', () => {
    const imeiPassword = claimPassword(
      { sn: 'R2000X0001', kind: 'imei', identifier: '35-693803-564380-9', ts },
      'k',
      hmac,
    );
    expect(
      verify({ password: imeiPassword, factoryKey: 'k', imported: { imei: '356938035643809' } }),
    ).toEqual({
      ok: true,
      kind: 'imei',
    });
  });

  it('normalizes MACs and IMEIs', () => {
    expect(normalizeIdentifier('mac', 'aa:bb:cc:dd:ee:ff')).toBe('AA:BB:CC:DD:EE:FF');
    expect(normalizeIdentifier('imei', '35 6938 0356 4380 9')).toBe('356938035643809');
  });
});
