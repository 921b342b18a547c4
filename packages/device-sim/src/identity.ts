import {
  DEVICE_IMPORT_COLUMNS,
  findSeries,
  SERIES_IDS,
  type Series,
  type SeriesId,
} from '@fleetport/contract';
import { Random } from './random.ts';

/** The factory identity of a simulated device: everything printed on its label and burnt in. */
export interface DeviceIdentity {
  sn: string;
  series: Series;
  model: string;
  mac: string;
  imei?: string;
  iccid: [string?, string?];
  imsi: [string?, string?];
  ssid?: string;
}

/** The default SN prefix of a simulated fleet. */
export const DEFAULT_SN_PREFIX = '9900';

export function simulatedSerial(prefix: string, series: SeriesId, index: number): string {
  // A numeric prefix gives the 14-digit SNs an import file accepts (core §5): 4 prefix digits,
  // 2 for the series, 8 for the index. Any other prefix keeps the readable P-SERIES-000001 form.
  if (/^\d{1,4}$/.test(prefix)) {
    const seriesIndex = Math.max(0, SERIES_IDS.indexOf(series));
    return `${prefix.padStart(4, '0')}${String(seriesIndex).padStart(2, '0')}${String(index).padStart(8, '0')}`;
  }
  return `${prefix}-${series.toUpperCase()}-${String(index).padStart(6, '0')}`;
}

/** Derives the identity from the SN alone, so an import file and the running fleet always agree. */
export function identityOf(sn: string, seriesId: SeriesId, model?: string): DeviceIdentity {
  const series = findSeries(seriesId);
  if (!series) throw new Error(`unknown series ${seriesId}`);
  const rng = new Random(`identity:${sn}`);
  // 00:1A:2B is a fixed simulator OUI, so simulated MACs never collide with real vendors' ranges in tests.
  const mac = ['00', '1A', '2B', rng.hex(1), rng.hex(1), rng.hex(1)].join(':').toUpperCase();
  const caps = series.capabilities;
  const iccid = () => `8986${rng.digits(16)}`;
  const imsi = () => `46000${rng.digits(10)}`;
  const sims = caps.cellular ? (caps.dualSim ? 2 : 1) : 0;
  return {
    sn,
    series,
    model: model ?? rng.pick(series.models),
    mac,
    imei: caps.cellular ? luhnComplete(`35${rng.digits(12)}`) : undefined,
    iccid: [sims >= 1 ? iccid() : undefined, sims >= 2 ? iccid() : undefined],
    imsi: [sims >= 1 ? imsi() : undefined, sims >= 2 ? imsi() : undefined],
    ssid: caps.wifi ? `${series.name.replace(/\s/g, '')}-${mac.slice(-5).replace(':', '')}` : undefined,
  };
}

/** IMEIs end with a Luhn check digit. */
function luhnComplete(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** One import row per device, in the columns of the console's template (core §3 Import row). */
export function importRows(identities: DeviceIdentity[]): string[][] {
  // The MAC proves the claim; every simulated device is tagged `sim`.
  return identities.map((d) => [d.sn, d.sn, d.model, d.mac, 'sim']);
}

/** The import rows as the CSV the console takes. */
export function importCsv(identities: DeviceIdentity[]): string {
  const rows = importRows(identities).map((r) => r.join(','));
  return [DEVICE_IMPORT_COLUMNS.join(','), ...rows].join('\n') + '\n';
}
