import { StatusMessageSchema } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { identityOf } from './identity.ts';
import { PCAP_MAGIC, samplePcap } from './pcap.ts';
import { Random } from './random.ts';
import { RouterState } from './router-state.ts';

const router = (sn: string, series: Parameters<typeof identityOf>[1]) =>
  new RouterState(identityOf(sn, series), 120);
const metres = (a: { latitude: number }, b: { latitude: number }) =>
  Math.abs(a.latitude - b.latitude) * 111_000;

describe('simulated positions', () => {
  it('sends gps from a GPS-capable series and a base-station estimate from the others', () => {
    const gps = router('P-1', 'meg5000').status();
    const cell = router('P-2', 'r1500').status();
    expect(StatusMessageSchema.parse(gps).modules.gps).toMatchObject({ satellites: expect.any(Number) });
    expect(gps.modules.cellLocation).toBeUndefined();
    expect(StatusMessageSchema.parse(cell).modules.cellLocation).toMatchObject({ accuracyM: 500 });
    expect(cell.modules.gps).toBeUndefined();
  });

  it('keeps one place per SN with metres of GPS jitter, and spreads a fleet out', () => {
    const a = router('P-3', 'meg5000');
    const first = a.status().modules.gps!;
    const again = router('P-3', 'meg5000').status().modules.gps!;
    expect(metres(first, again)).toBeLessThan(50);
    expect(router('P-4', 'r1500').status().modules.cellLocation).toEqual(
      router('P-4', 'r1500').status().modules.cellLocation,
    );
    const places = new Set(
      Array.from({ length: 40 }, (_, i) => {
        const p = router(`P-F${i}`, 'meg5000').position;
        return `${p.latitude.toFixed(2)},${p.longitude.toFixed(2)}`;
      }),
    );
    expect(places.size).toBeGreaterThan(30);
  });
});

describe('the capture file', () => {
  it('is a pcap with its global header and one record per packet', () => {
    const file = samplePcap(new Random(1), 3, 1_795_000_000_000);
    expect(file.readUInt32LE(0)).toBe(PCAP_MAGIC);
    expect(file.readUInt32LE(20)).toBe(1);
    let offset = 24;
    let records = 0;
    while (offset < file.length) {
      offset += 16 + file.readUInt32LE(offset + 8);
      records++;
    }
    expect([records, offset]).toEqual([3, file.length]);
  });
});
