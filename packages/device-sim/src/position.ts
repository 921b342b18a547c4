import type { CellLocationStatus, GpsStatus } from '@fleetport/contract';
import { Random, round } from './random.ts';

/** Areas a simulated fleet is spread over: cities where routers of water, power and transport sit. */
const AREAS = [
  { latitude: 31.23, longitude: 121.47, radiusKm: 40 },
  { latitude: 22.54, longitude: 114.06, radiusKm: 30 },
  { latitude: 39.9, longitude: 116.4, radiusKm: 40 },
  { latitude: 51.51, longitude: -0.13, radiusKm: 30 },
  { latitude: 48.14, longitude: 11.58, radiusKm: 25 },
  { latitude: 40.71, longitude: -74.0, radiusKm: 35 },
] as const;

const KM_PER_DEGREE = 111;

/**
 * Where a simulated router stands: fixed per SN (seeded), spread around one of a few cities. A GPS
 * fix jitters by metres; a base-station estimate is the cell tower's place, off by a few hundred metres.
 */
export class Position {
  readonly latitude: number;
  readonly longitude: number;
  private readonly cell: { latitude: number; longitude: number; cellId: string };

  constructor(sn: string) {
    const rng = new Random(`position:${sn}`);
    const area = rng.pick(AREAS);
    const distance = Math.sqrt(rng.next()) * area.radiusKm;
    const angle = rng.between(0, 2 * Math.PI);
    this.latitude = area.latitude + (distance * Math.cos(angle)) / KM_PER_DEGREE;
    this.longitude =
      area.longitude +
      (distance * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((area.latitude * Math.PI) / 180));
    this.cell = {
      latitude: this.latitude + rng.gaussian(0, 0.004),
      longitude: this.longitude + rng.gaussian(0, 0.004),
      cellId: rng.hex(4).toUpperCase(),
    };
  }

  /** A receiver fix now: within a few metres of the true place. */
  gps(rng: Random): GpsStatus {
    return {
      latitude: round(this.latitude + rng.gaussian(0, 0.00003), 6),
      longitude: round(this.longitude + rng.gaussian(0, 0.00003), 6),
      altitudeM: round(rng.between(5, 60)),
      satellites: rng.int(6, 14),
      accuracyM: round(rng.between(2, 8)),
    };
  }

  /** The serving cell's estimate: the same tower every time, so it does not wander. */
  cellLocation(): CellLocationStatus {
    return {
      latitude: round(this.cell.latitude, 6),
      longitude: round(this.cell.longitude, 6),
      accuracyM: 500,
      mcc: '460',
      mnc: '00',
      cellId: this.cell.cellId,
    };
  }
}
