import { createServer } from 'node:net';
import {
  type ByteOrder,
  datasheetAddress,
  encodeRegisters,
  type PointDataType,
  type PointInput,
  type PointTableInput,
} from '@fleetport/contract';
import { ServerTCP } from 'modbus-serial';

/*
 * Meters behind a simulated gateway (issue 19): each a real Modbus TCP slave on its own port, its
 * registers laid out as a datasheet says, its values moving slowly, writes to coils and holding
 * registers kept. The gateway (modbus-gateway.ts) and Debian's mbpoll read them alike.
 */

export const ENDPOINT_KINDS = ['energyMeter', 'temperatureSensor', 'flowMeter', 'relay'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

type Area = 'coil' | 'discreteInput' | 'inputRegister' | 'holdingRegister';

/** One value of a slave's datasheet: where it is (1-based, area-prefixed) and how it is encoded. */
interface DatasheetEntry {
  name: string;
  area: Area;
  /** Protocol offset; the datasheet prints it 1-based (40001 for offset 0). */
  offset: number;
  dataType: PointDataType;
  byteOrder: ByteOrder;
  /** Engineering value = raw × multiplier. */
  multiplier: number;
  decimals: number;
  /** The value at time t (ms), for live readings. */
  at(t: number): number;
  min?: number;
  max?: number;
  writable?: boolean;
}

const wave =
  (base: number, amplitude: number, periodMs: number, phase = 0) =>
  (t: number) =>
    base + amplitude * Math.sin((2 * Math.PI * t) / periodMs + phase);

/**
 * The datasheets. The energy meter sends CDAB floats and prints 1-based addresses (40001, 40003 ...),
 * the usual pair of traps; the sensor sends tenths as INT-16 (×0.1); the flow meter DOUBLEs; the relay
 * board coils (writable) and the discrete inputs that echo them.
 */
export const DATASHEETS: Record<EndpointKind, readonly DatasheetEntry[]> = {
  energyMeter: [
    {
      name: 'voltage',
      area: 'holdingRegister',
      offset: 0,
      dataType: 'FLOAT',
      byteOrder: 'CDAB',
      multiplier: 1,
      decimals: 1,
      at: wave(230.4, 2.1, 600_000),
      min: 180,
      max: 260,
    },
    {
      name: 'current',
      area: 'holdingRegister',
      offset: 2,
      dataType: 'FLOAT',
      byteOrder: 'CDAB',
      multiplier: 1,
      decimals: 2,
      at: wave(5.37, 1.2, 300_000),
      min: 0,
      max: 100,
    },
    {
      name: 'activePower',
      area: 'holdingRegister',
      offset: 4,
      dataType: 'FLOAT',
      byteOrder: 'CDAB',
      multiplier: 1,
      decimals: 1,
      at: (t) => wave(230.4, 2.1, 600_000)(t) * wave(5.37, 1.2, 300_000)(t) * 0.93,
      min: 0,
      max: 25_000,
    },
    {
      name: 'energy',
      area: 'holdingRegister',
      offset: 6,
      dataType: 'FLOAT',
      byteOrder: 'CDAB',
      multiplier: 1,
      decimals: 2,
      at: (t) => 1523.77 + t / 3_600_000,
      min: 0,
    },
  ],
  temperatureSensor: [
    {
      name: 'temperature',
      area: 'inputRegister',
      offset: 0,
      dataType: 'INT-16',
      byteOrder: 'ABCD',
      multiplier: 0.1,
      decimals: 1,
      at: wave(-4.5, 3, 900_000),
      min: -40,
      max: 85,
    },
    {
      name: 'humidity',
      area: 'inputRegister',
      offset: 1,
      dataType: 'UINT-16',
      byteOrder: 'ABCD',
      multiplier: 0.1,
      decimals: 1,
      at: wave(61.2, 8, 1_200_000),
      min: 0,
      max: 100,
    },
  ],
  flowMeter: [
    {
      name: 'flowRate',
      area: 'holdingRegister',
      offset: 100,
      dataType: 'DOUBLE',
      byteOrder: 'ABCD',
      multiplier: 1,
      decimals: 3,
      at: wave(12.345, 0.8, 400_000),
      min: 0,
      max: 1000,
    },
    {
      name: 'totalVolume',
      area: 'holdingRegister',
      offset: 104,
      dataType: 'DOUBLE',
      byteOrder: 'ABCD',
      multiplier: 1,
      decimals: 2,
      at: (t) => 98_765.43 + t / 60_000,
      min: 0,
    },
  ],
  relay: [0, 1, 2, 3].map((i) => ({
    name: `relay${i + 1}`,
    area: 'coil' as const,
    offset: i,
    dataType: 'BOOLEAN' as const,
    byteOrder: 'ABCD' as const,
    multiplier: 1,
    decimals: 0,
    at: () => (i === 0 ? 1 : 0),
    writable: true,
  })),
};

const FUNCTION_CODE: Record<Area, 1 | 2 | 3 | 4> = {
  coil: 1,
  discreteInput: 2,
  inputRegister: 4,
  holdingRegister: 3,
};
const WRITE_CODE: Record<Area, 5 | 16 | undefined> = {
  coil: 5,
  discreteInput: undefined,
  inputRegister: undefined,
  holdingRegister: 16,
};

/**
 * The point table that reads a slave right. With `mistakes`, the one a hurried engineer types from the
 * datasheet: the energy meter's 1-based addresses taken as offsets and its floats as ABCD, the
 * sensor's tenths without the ×0.1.
 */
export function pointTableOf(
  kind: EndpointKind,
  slave: { ip: string; port: number; slaveId?: number },
  options: { mistakes?: boolean; name?: string } = {},
): PointTableInput {
  const points: PointInput[] = DATASHEETS[kind].map((e) => {
    const wrong = options.mistakes && kind === 'energyMeter';
    return {
      name: e.name,
      functionCode: (e.writable ? WRITE_CODE[e.area] : undefined) ?? FUNCTION_CODE[e.area],
      address: wrong ? e.offset + 1 : datasheetAddress(e.area, e.offset),
      dataType: e.dataType,
      byteOrder: wrong ? 'ABCD' : e.byteOrder,
      multiplier: options.mistakes && kind === 'temperatureSensor' ? 1 : e.multiplier,
      decimals: e.decimals,
      min: e.min ?? null,
      max: e.max ?? null,
    };
  });
  return {
    name: options.name ?? kind,
    protocol: 'modbusTcp',
    connectionType: 'tcp',
    slaveIp: slave.ip,
    slavePort: slave.port,
    slaveId: slave.slaveId ?? 1,
    points,
  };
}

export interface ModbusSlave {
  kind: EndpointKind;
  port: number;
  slaveId: number;
  /** The engineering value of an entry now (a coil as 0/1). */
  valueOf(name: string): number;
  /** Holds the values still (tests compare decoded values with them). */
  freeze(at: number): void;
  close(): Promise<void>;
}

/** Starts one slave on `port` (0: any free port) answering `slaveId`. */
export async function startModbusSlave(
  kind: EndpointKind,
  options: { port?: number; host?: string; slaveId?: number; clock?: () => number } = {},
): Promise<ModbusSlave> {
  const sheet = DATASHEETS[kind];
  const slaveId = options.slaveId ?? 1;
  let frozenAt: number | null = null;
  const now = () => frozenAt ?? (options.clock ?? Date.now)();
  /** Values written by a master, overriding the live ones. */
  const written = new Map<string, number>();
  const current = (name: string) => {
    const entry = sheet.find((e) => e.name === name);
    if (!entry) throw new Error(`${kind} has no ${name}`);
    return written.get(name) ?? entry.at(now());
  };

  /** The word at an offset of an area: the register image of whichever value covers it, else 0. */
  function word(area: Area, offset: number): number {
    for (const e of sheet) {
      if (e.area !== area) continue;
      const words = encodeRegisters(current(e.name), { ...e, divisor: 1, bitOffset: 0, bitCount: 16 });
      if (offset >= e.offset && offset < e.offset + words.length) return words[offset - e.offset]!;
    }
    return 0;
  }
  const coil = (area: Area, offset: number) => {
    const e = sheet.find((s) => s.area === area && s.offset === offset);
    return e ? current(e.name) !== 0 : false;
  };

  const vector = {
    getCoil: (addr: number) => coil('coil', addr),
    // The relay board's inputs echo its coils.
    getDiscreteInput: (addr: number) => coil(kind === 'relay' ? 'coil' : 'discreteInput', addr),
    getInputRegister: (addr: number) => word('inputRegister', addr),
    getHoldingRegister: (addr: number) => word('holdingRegister', addr),
    setCoil: (addr: number, value: boolean) => {
      const e = sheet.find((s) => s.area === 'coil' && s.offset === addr);
      if (e) written.set(e.name, value ? 1 : 0);
    },
    setRegister: (addr: number, value: number) => {
      // A single-register write lands on 16-bit values only; wider values need function code 16
      // with all their registers, which modbus-serial hands over one register at a time too.
      const e = sheet.find((s) => s.area === 'holdingRegister' && s.offset === addr);
      if (e && (e.dataType === 'INT-16' || e.dataType === 'UINT-16'))
        written.set(e.name, (e.dataType === 'INT-16' ? (value << 16) >> 16 : value) * e.multiplier);
    },
  };

  const host = options.host ?? '127.0.0.1';
  // The library reads port 0 as Modbus's 502: find a free one first.
  const port = options.port || (await freePort(host));
  const server = new ServerTCP(vector, { host, port, unitID: slaveId });
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', reject);
  });
  return {
    kind,
    port,
    slaveId,
    valueOf: current,
    freeze(at) {
      frozenAt = at;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
