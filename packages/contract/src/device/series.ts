import { z } from 'zod';
import type { CapabilitiesInput } from './capabilities.ts';

/** Device series of core §2. The first thirteen have a remote configuration menu; EG5100 follows its own. */
export const SERIES_IDS = [
  'et801x',
  'meg5000',
  'r151x',
  'r201x',
  'r1500',
  'r1520',
  'r2000',
  'r2100',
  'r2110',
  'r3000',
  'r3000lg',
  'r3020',
  'r5020',
  'eg5100',
] as const;
export type SeriesId = (typeof SERIES_IDS)[number];

/** Series whose remote configuration screens are registered at start-up (core §2). */
export const CONFIG_MENU_SERIES = SERIES_IDS.filter((id) => id !== 'eg5100');
export const SeriesIdSchema = z.enum(SERIES_IDS);

/**
 * Operating-system line: the standard line's app versions are 5.x, the Pro line's 2.x
 * (core §9: remote access needs 5.1.0 / 2.1.0, zero touch 5.3.0 / 2.3.0).
 */
export type OsLine = 'standard' | 'pro';

export interface Series {
  id: SeriesId;
  /** Name shown in the console. */
  name: string;
  models: readonly string[];
  osLine: OsLine;
  /** Has the per-series configuration menu of core §2. */
  configMenu: boolean;
  /** Firmware a factory-new device of the series runs. */
  factoryFirmware: string;
  factoryAppVersion: string;
  capabilities: CapabilitiesInput;
}

const base = {
  cellular: true,
  fiveG: false,
  dualSim: false,
  wifi: false,
  wifiBands: [],
  gps: false,
  dido: false,
  ai: false,
  comPorts: 0,
  usb: false,
  telephone: false,
  smartRoaming: false,
  poe: false,
  lora: false,
  ethernetPorts: 1,
  wireguard: false,
  ipPassthrough: true,
  pppoeBridge: false,
  flashMb: 128,
  ramMb: 128,
} satisfies CapabilitiesInput;

const dido = (inputs: number, outputs: number) => ({
  dido: true,
  digitalInputs: inputs,
  digitalOutputs: outputs,
});
const wifi = (...bands: ('2.4GHz' | '5GHz')[]) => ({ wifi: true, wifiBands: bands });

function series(
  id: SeriesId,
  name: string,
  models: string[],
  caps: Partial<CapabilitiesInput>,
  extra: Partial<Pick<Series, 'osLine' | 'configMenu' | 'factoryFirmware' | 'factoryAppVersion'>> = {},
): Series {
  const osLine = extra.osLine ?? 'standard';
  return {
    id,
    name,
    models,
    osLine,
    configMenu: extra.configMenu ?? true,
    factoryFirmware: extra.factoryFirmware ?? (osLine === 'pro' ? '2.3.1' : '5.3.0'),
    factoryAppVersion: extra.factoryAppVersion ?? (osLine === 'pro' ? '2.3.0' : '5.3.0'),
    capabilities: { ...base, boardType: id.toUpperCase(), ...caps },
  };
}

/** Every series with its models and the capability profile its devices report. */
export const SERIES: readonly Series[] = [
  series('et801x', 'ET801x', ['ET8010', 'ET8011'], { ...dido(2, 2), comPorts: 1, ethernetPorts: 2 }),
  series(
    'meg5000',
    'MEG5000',
    ['MEG5000', 'MEG5000-L'],
    {
      dualSim: true,
      ...wifi('2.4GHz', '5GHz'),
      gps: true,
      ...dido(4, 4),
      ai: true,
      analogInputs: 2,
      comPorts: 2,
      usb: true,
      lora: true,
      ethernetPorts: 5,
      wireguard: true,
      flashMb: 8192,
      ramMb: 1024,
    },
    { osLine: 'pro' },
  ),
  series('r151x', 'R151x', ['R1510', 'R1511'], {
    dualSim: true,
    ...wifi('2.4GHz'),
    ...dido(1, 1),
    comPorts: 1,
    ethernetPorts: 2,
  }),
  series('r201x', 'R201x', ['R2010', 'R2011'], {
    dualSim: true,
    ...wifi('2.4GHz'),
    comPorts: 1,
    usb: true,
    ethernetPorts: 5,
  }),
  series('r1500', 'R1500', ['R1500'], { comPorts: 1, ipPassthrough: true, flashMb: 64, ramMb: 64 }),
  series('r1520', 'R1520', ['R1520', 'R1520-4L'], {
    dualSim: true,
    ...wifi('2.4GHz', '5GHz'),
    gps: true,
    ...dido(1, 1),
    comPorts: 1,
    ethernetPorts: 2,
    wireguard: true,
  }),
  series('r2000', 'R2000', ['R2000', 'R2000-Dual'], {
    dualSim: true,
    ...wifi('2.4GHz'),
    ...dido(2, 2),
    comPorts: 2,
    usb: true,
    ethernetPorts: 5,
  }),
  series('r2100', 'R2100', ['R2100'], {
    dualSim: true,
    ...wifi('2.4GHz', '5GHz'),
    gps: true,
    telephone: true,
    comPorts: 1,
    usb: true,
    ethernetPorts: 5,
  }),
  series('r2110', 'R2110', ['R2110'], {
    dualSim: true,
    ...wifi('2.4GHz'),
    poe: true,
    poePorts: 4,
    comPorts: 1,
    ethernetPorts: 5,
  }),
  series('r3000', 'R3000', ['R3000', 'R3000-Q', 'R3000-4L'], {
    dualSim: true,
    ...wifi('2.4GHz'),
    gps: true,
    ...dido(2, 2),
    comPorts: 2,
    usb: true,
    ethernetPorts: 5,
  }),
  series('r3000lg', 'R3000 LG', ['R3000-LG'], {
    dualSim: true,
    gps: true,
    ...dido(2, 2),
    comPorts: 2,
    usb: true,
    lora: true,
    ethernetPorts: 5,
  }),
  series('r3020', 'R3020', ['R3020'], {
    dualSim: true,
    ...wifi('2.4GHz', '5GHz'),
    gps: true,
    smartRoaming: true,
    comPorts: 1,
    ethernetPorts: 4,
    wireguard: true,
  }),
  series('r5020', 'R5020', ['R5020', 'R5020-5G'], {
    fiveG: true,
    dualSim: true,
    ...wifi('2.4GHz', '5GHz'),
    gps: true,
    ...dido(2, 2),
    smartRoaming: true,
    comPorts: 2,
    usb: true,
    poe: true,
    poePorts: 1,
    ethernetPorts: 5,
    wireguard: true,
    flashMb: 512,
    ramMb: 512,
  }),
  series(
    'eg5100',
    'EG5100',
    ['EG5100', 'EG5101'],
    {
      dualSim: true,
      ...wifi('2.4GHz'),
      ...dido(4, 2),
      ai: true,
      analogInputs: 2,
      comPorts: 4,
      usb: true,
      ethernetPorts: 2,
      ipPassthrough: false,
      pppoeBridge: true,
      euridisPorts: 1,
      mbusPorts: 1,
      flashMb: 8192,
      ramMb: 1024,
    },
    { osLine: 'pro', configMenu: false },
  ),
];

export function findSeries(id: string): Series | undefined {
  return SERIES.find((s) => s.id === id);
}

/**
 * Whether an import's model name is one the platform knows: a model of a series, or one with a variant
 * suffix (`R1510-4L` of R1510), case-insensitive.
 */
export function isKnownModel(model: string): boolean {
  const wanted = model.toUpperCase();
  return SERIES.some((s) =>
    s.models.some((m) => wanted === m.toUpperCase() || wanted.startsWith(`${m.toUpperCase()}-`)),
  );
}

/** The series a model belongs to, case-insensitive. */
export function seriesOfModel(model: string): Series | undefined {
  const wanted = model.toUpperCase();
  return SERIES.find((s) => s.models.some((m) => m.toUpperCase() === wanted));
}
