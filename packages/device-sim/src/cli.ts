import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { KEEPALIVE_SECONDS, SERIES_IDS, type SeriesId } from '@fleetport/contract';
import { createFleet } from './fleet.ts';
import { DEFAULT_SN_PREFIX, importCsv } from './identity.ts';
import { writeImportFile } from './import-file.ts';
import { pointTablesJson, serveOneSlave, slavePlan, startSlaves } from './modbus-cli.ts';
import type { ModbusSlave } from './modbus-slaves.ts';
import { createRealVpnSite, createUplinkBridge, type RealVpnSite } from './real-vpn.ts';
import { userPath } from './user-path.ts';
import { startPhones } from './wifi-clients.ts';

const USAGE = `Fleetport device simulator

  npm run sim -- --devices N [options]

  Routers claim their credentials on first connect (zero touch): import their SNs in the console
  (--import-file), start them, and each comes online a few seconds after its import.

  --devices N          number of virtual routers (default 10)
  --first N            index of the first router (default 1): --devices 50 --first 201 are routers 201-250
  --url URL            broker (default mqtt://localhost:1883; mqtts:// for TLS)
  --series a,b         series to use (default: all ${SERIES_IDS.length}, round robin)
  --prefix P           4 digits give 14-digit SNs (default 9900: 9900 + series + index);
                       letters give P-<SERIES>-000001 ...
  --import-file FILE   write the console's import file (.xlsx or .csv by the name) and exit
  --print-import       print the import CSV (SN,Name,Model,MAC or IMEI,Tags) and exit
  --secrets FILE       JSON {sn: secret}: read at start, claimed secrets added (default sim-secrets.json)
  --no-claim           never claim; connect only with --secrets or --secret
  --identifier mac|imei  identifier the claim proof uses (default mac)
  --factory-key K      factory claim key (default: the development key)
  --secret S           one secret for every device (a test deployment)
  --telemetry SEC      telemetry period (default 60)
  --vpn-rate KBPS      VPN tunnel traffic per router in KB/s, reported in telemetry and drawn from
                       the company's data pool (default 0: no tunnel)
  --real-vpn N         the first N routers run a real openvpn client from vpnJoin (root, Linux, Debian's
                       openvpn, iproute2, nftables): each in namespaces fpsim<i>r (router) and fpsim<i>l
                       (its LAN 192.168.<100+i>.0/24, a PLC at .10), uplinks on bridge fpsimbr with this
                       host at 10.252.0.1, which must be the server's VPN_PUBLIC_HOST; removed on exit
  --keepalive SEC      MQTT keep-alive ${KEEPALIVE_SECONDS.min}-${KEEPALIVE_SECONDS.max} (default ${KEEPALIVE_SECONDS.default})
  --rate N             connection attempts per second (default 200)
  --mqtt5              speak MQTT 5 instead of 3.1.1
  --insecure           accept any TLS certificate (self-signed test brokers)
  --duration SEC       stop after this long (default: until Ctrl-C)
  --local-edit N       the first N routers change their own configuration 10 s after they are first
                       online, as a technician on the router's web page would (SSH moves to port 2222);
                       the console shows them drifted (docs/device-protocol.md §7.5)

  Captive portal (issue 21): a router added to a portal template runs a captive portal on loopback
  from its first portalApply (its LAN: an HTTP listener on 127.0.0.1).
  --portal-clients N   N phones per portal router go through it as browsers do (splash, accept,
                       RADIUS login), arriving by hour of the simulated day, browsing, some cut at the
                       limit, some idling out or returning the next day
  --portal-day-minutes M  real minutes a simulated day of phone arrivals lasts (default 24)

  Endpoints (Modbus TCP slaves behind the routers, issue 19):
  --endpoints N        N slaves per router: energy meter, temperature sensor, flow meter, relay board
                       (round robin), each on its own port from --modbus-port
  --modbus-port P      first slave port (default 15020); --modbus-host H (default 127.0.0.1)
  --print-point-tables print the point tables (JSON) that read those slaves and exit
  --datasheet-mistakes with --print-point-tables: the tables a hurried engineer types (1-based
                       addresses as offsets, CDAB floats as ABCD, tenths without x0.1)

  npm run sim -- modbus-slave --kind energyMeter --modbus-port 1502 [--slave-id 1] [--rtu]
                       one slave as its own process (--rtu: RTU frames over TCP, for an RTU table)
  The routers poll the slaves of the point tables the cloud sends them (pointTableApply) and
  publish up/endpoint; endpointWrite writes a point and answers the read-back.`;

/** What `--local-edit` changes on a router: its SSH port, as someone on its own web page would. */
const LOCAL_EDIT_XML = '<config><services><ssh enabled="true" port="2222"></ssh></services></config>';

const { values, positionals } = parseArgs({
  // --no-claim turns zero-touch claiming off.
  allowNegative: true,
  allowPositionals: true,
  options: {
    endpoints: { type: 'string', default: '0' },
    'modbus-port': { type: 'string', default: '15020' },
    'modbus-host': { type: 'string', default: '127.0.0.1' },
    'print-point-tables': { type: 'boolean', default: false },
    'datasheet-mistakes': { type: 'boolean', default: false },
    kind: { type: 'string', default: 'energyMeter' },
    'slave-id': { type: 'string', default: '1' },
    rtu: { type: 'boolean', default: false },
    devices: { type: 'string', default: '10' },
    first: { type: 'string', default: '1' },
    'import-file': { type: 'string' },
    url: { type: 'string', default: 'mqtt://localhost:1883' },
    series: { type: 'string' },
    prefix: { type: 'string', default: DEFAULT_SN_PREFIX },
    claim: { type: 'boolean', default: true },
    identifier: { type: 'string', default: 'mac' },
    'factory-key': { type: 'string' },
    secrets: { type: 'string', default: 'sim-secrets.json' },
    secret: { type: 'string' },
    'print-import': { type: 'boolean', default: false },
    telemetry: { type: 'string', default: '60' },
    'vpn-rate': { type: 'string', default: '0' },
    'real-vpn': { type: 'string', default: '0' },
    keepalive: { type: 'string', default: String(KEEPALIVE_SECONDS.default) },
    rate: { type: 'string', default: '200' },
    mqtt5: { type: 'boolean', default: false },
    insecure: { type: 'boolean', default: false },
    duration: { type: 'string' },
    'local-edit': { type: 'string', default: '0' },
    'portal-clients': { type: 'string', default: '0' },
    'portal-day-minutes': { type: 'string', default: '24' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

/** A whole-number option, or a clear message and exit 2 (NaN would quietly start no routers). */
function whole(name: keyof typeof values, min: number): number {
  const n = Number(values[name]);
  if (Number.isInteger(n) && n >= min) return n;
  console.error(`--${name} must be a whole number of at least ${min}, not ${String(values[name])}`);
  process.exit(2);
}
const deviceCount = whole('devices', 1);
const modbusHost = values['modbus-host'];
if (positionals[0] === 'modbus-slave')
  await serveOneSlave(values.kind, whole('modbus-port', 1), modbusHost, whole('slave-id', 1), values.rtu);
const slaves = slavePlan(deviceCount, whole('endpoints', 0), whole('modbus-port', 1));
if (values['print-point-tables']) {
  process.stdout.write(pointTablesJson(slaves, modbusHost, values['datasheet-mistakes']));
  process.exit(0);
}
const firstIndex = whole('first', 1);

const series = values.series?.split(',').map((s) => s.trim().toLowerCase());
const unknown = series?.filter((s) => !(SERIES_IDS as readonly string[]).includes(s));
if (unknown?.length) {
  console.error(`unknown series: ${unknown.join(', ')} (known: ${SERIES_IDS.join(', ')})`);
  process.exit(2);
}

const secretsFile = userPath(values.secrets);
const secrets: Record<string, string> =
  secretsFile && existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, 'utf8')) : {};
let secretsDirty = false;

const realCount = whole('real-vpn', 0);
const realSites: RealVpnSite[] = [];
const realBridge = realCount > 0 ? createUplinkBridge('fpsimbr', '10.252.0.1') : null;
function realVpnSiteOf(position: number): RealVpnSite | undefined {
  if (!realBridge || position >= realCount) return undefined;
  const site = createRealVpnSite({
    name: `fpsim${position + 1}`,
    bridge: realBridge,
    routerIp: `10.252.0.${position + 2}`,
    lan: `192.168.${100 + position + 1}`,
  });
  realSites.push(site);
  return site;
}
function removeRealSites(): void {
  for (const site of realSites) site.destroy();
  realBridge?.destroy();
}

const fleet = createFleet(deviceCount, {
  realVpnSiteOf,
  url: values.url,
  series: series as SeriesId[] | undefined,
  prefix: values.prefix,
  firstIndex,
  claim: values.claim
    ? { factoryKey: values['factory-key'], identifier: values.identifier === 'imei' ? 'imei' : 'mac' }
    : false,
  secretOf: (sn) => secrets[sn] ?? values.secret,
  onSecret: (sn, secret) => {
    secrets[sn] = secret;
    secretsDirty = true;
  },
  telemetryPeriodMs: Number(values.telemetry) * 1000,
  vpnBytesPerSecond: whole('vpn-rate', 0) * 1024,
  keepAlive: Number(values.keepalive),
  mqtt: { protocolVersion: values.mqtt5 ? 5 : 4, rejectUnauthorized: !values.insecure },
});

if (values['print-import']) {
  removeRealSites();
  process.stdout.write(importCsv(fleet.identities()));
  process.exit(0);
}
if (values['import-file']) {
  const file = userPath(values['import-file']);
  removeRealSites();
  await writeImportFile(file, fleet.identities());
  console.log(`${fleet.devices.length} devices written to ${file}: import it in the console`);
  process.exit(0);
}

if (!values.claim && !values.secret && Object.keys(secrets).length === 0)
  console.warn('no credentials: without claiming (--no-claim) the routers need --secrets or --secret');

const startedAt = Date.now();
let lastSent = 0;
let lastAt = startedAt;
function progress(): void {
  const s = fleet.stats();
  const now = Date.now();
  const rate = ((s.messagesSent - lastSent) * 1000) / Math.max(1, now - lastAt);
  lastSent = s.messagesSent;
  lastAt = now;
  const b = s.byStatus;
  const parts = [
    `${((now - startedAt) / 1000).toFixed(0).padStart(5)}s`,
    `connected ${b.online}/${s.devices}`,
    b.claiming ? `claiming ${b.claiming}` : '',
    b.connecting + b.offline ? `offline ${b.connecting + b.offline}` : '',
    b.rebooting ? `rebooting ${b.rebooting}` : '',
    `sent ${s.messagesSent} (${rate.toFixed(0)}/s)`,
    `rpc ${s.rpcAnswered}`,
    s.claimRefused ? `claims refused ${s.claimRefused}` : '',
  ];
  console.log(parts.filter(Boolean).join('  '));
  if (secretsDirty) {
    writeFileSync(secretsFile, JSON.stringify(secrets, null, 2));
    secretsDirty = false;
  }
}

/** The slaves started so far: a Ctrl-C while they start stops those. */
const runningSlaves: ModbusSlave[] = [];
const timer = setInterval(progress, 2000);
let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  clearInterval(timer);
  phones?.stop();
  console.log('stopping: devices say goodbye ...');
  await fleet.stop();
  for (const slave of runningSlaves) await slave.close();
  removeRealSites();
  progress();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
if (values.duration) setTimeout(() => void shutdown(), Number(values.duration) * 1000);

await startSlaves(slaves, modbusHost, runningSlaves);
if (runningSlaves.length)
  console.log(
    `${runningSlaves.length} Modbus slaves on ${modbusHost}:${slaves[0]!.port}-${slaves.at(-1)!.port}`,
  );
console.log(`${fleet.devices.length} devices -> ${values.url}`);
for (const device of fleet.devices.slice(0, whole('local-edit', 0)))
  device.once('online', () => setTimeout(() => device.editLocally(LOCAL_EDIT_XML), 10_000).unref());
void fleet.start({ ratePerSecond: Number(values.rate) });

/** Phones on the portal routers' WiFi (wifi-clients.ts). */
const phonesPerRouter = whole('portal-clients', 0);
const phones =
  phonesPerRouter > 0
    ? startPhones(fleet.devices, phonesPerRouter, (whole('portal-day-minutes', 24) * 60_000) / 86_400_000)
    : null;
if (phones)
  setInterval(() => {
    const { signedIn, refused, cut } = phones.stats;
    console.log(`portal phones: signed in ${signedIn}  refused ${refused}  cut at a limit ${cut}`);
  }, 30_000).unref();
