import { APP_PACKAGE_MODELS, type Capabilities, type Series } from '@fleetport/contract';
import { Random } from './random.ts';

/** An app on a simulated router: what `hello` lists, plus what only `appList` tells. */
export interface InstalledApp {
  packageName: string;
  name: string;
  version: string;
  sizeKb?: number;
  /** Installed but not running (stopped by a user or after a crash). */
  stopped?: boolean;
}

interface CatalogApp {
  packageName: string;
  name: string;
  standard: string;
  pro: string;
  sizeKb: number;
  /** The capability the app needs, if any. */
  needs?: keyof Capabilities;
}

/** Apps a router ships with, by what its hardware has (core §9: only some models have app packages). */
const CATALOG: readonly CatalogApp[] = [
  {
    packageName: 'com.fleetport.modbus',
    name: 'Modbus Gateway',
    standard: '2.1.4',
    pro: '3.0.1',
    sizeKb: 1840,
  },
  {
    packageName: 'com.fleetport.python3',
    name: 'Python 3',
    standard: '3.9.18',
    pro: '3.11.4',
    sizeKb: 23_552,
  },
  {
    packageName: 'com.fleetport.gps',
    name: 'GPS Tracker',
    standard: '1.3.0',
    pro: '1.4.2',
    sizeKb: 612,
    needs: 'gps',
  },
  {
    packageName: 'com.fleetport.lora',
    name: 'LoRa Network Server',
    standard: '3.0.2',
    pro: '3.1.0',
    sizeKb: 9_216,
    needs: 'lora',
  },
  {
    packageName: 'com.fleetport.poe',
    name: 'PoE Scheduler',
    standard: '1.0.5',
    pro: '1.0.5',
    sizeKb: 288,
    needs: 'poe',
  },
];

/** The factory apps of one router: the same for the same serial number on every run. */
export function factoryApps(sn: string, series: Series, capabilities: Capabilities): InstalledApp[] {
  if (!(APP_PACKAGE_MODELS as readonly string[]).includes(series.id)) return [];
  const rng = new Random(`apps:${sn}`);
  return CATALOG.filter((app) => !app.needs || capabilities[app.needs] === true)
    .filter((app, i) => i === 0 || !!app.needs || rng.chance(0.5))
    .map((app) => ({
      packageName: app.packageName,
      name: app.name,
      version: series.osLine === 'pro' ? app.pro : app.standard,
      sizeKb: app.sizeKb,
      stopped: rng.chance(0.15),
    }));
}
