import {
  ENDPOINT_KINDS,
  type EndpointKind,
  type ModbusSlave,
  pointTableOf,
  startModbusSlave,
} from './modbus-slaves.ts';

/** The `--endpoints` side of the `sim` command: slaves behind each router, their tables, one slave alone. */

export function endpointKindOf(position: number): EndpointKind {
  return ENDPOINT_KINDS[position % ENDPOINT_KINDS.length]!;
}

/** The slaves of `devices` routers, `perDevice` each, on consecutive ports from `portBase`. */
export function slavePlan(devices: number, perDevice: number, portBase: number) {
  return Array.from({ length: devices * perDevice }, (_, i) => ({
    device: Math.floor(i / perDevice),
    kind: endpointKindOf(i % perDevice),
    port: portBase + i,
  }));
}

/** The point tables of every planned slave as JSON, right or with the datasheet mistakes. */
export function pointTablesJson(plan: ReturnType<typeof slavePlan>, host: string, mistakes: boolean): string {
  const tables = plan.map((s) =>
    pointTableOf(s.kind, { ip: host, port: s.port }, { mistakes, name: `${s.kind} ${s.port}` }),
  );
  return `${JSON.stringify(tables, null, 2)}\n`;
}

/** Starts the planned slaves one by one into `into`, so a stop meanwhile closes those already up. */
export async function startSlaves(
  plan: ReturnType<typeof slavePlan>,
  host: string,
  into: ModbusSlave[],
): Promise<void> {
  for (const s of plan) into.push(await startModbusSlave(s.kind, { host, port: s.port }));
}

/** `sim modbus-slave --kind energyMeter --modbus-port 1502 [--rtu]`: one slave as its own process, until stopped. */
export async function serveOneSlave(
  kindName: string,
  port: number,
  host: string,
  slaveId: number,
  /** RTU frames over TCP (a slave of an RTU table) instead of Modbus TCP. */
  rtu = false,
): Promise<void> {
  if (!(ENDPOINT_KINDS as readonly string[]).includes(kindName)) {
    console.error(`unknown kind ${kindName} (known: ${ENDPOINT_KINDS.join(', ')})`);
    process.exit(2);
  }
  const framing = rtu ? 'rtuOverTcp' : 'tcp';
  const slave = await startModbusSlave(kindName as EndpointKind, { host, port, slaveId, framing });
  console.log(
    `${kindName}: Modbus ${rtu ? 'RTU over TCP' : 'TCP'} slave ${slaveId} on ${host}:${slave.port}`,
  );
  const stop = () => void slave.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await new Promise<never>(() => {});
}
