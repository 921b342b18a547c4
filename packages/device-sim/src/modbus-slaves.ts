import { connect, createServer, type Server, type Socket } from 'node:net';
import {
  type ByteOrder,
  datasheetAddress,
  encodeRegisters,
  type PointDataType,
  type PointInput,
  type PointTableInput,
  scaledValue,
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
    {
      // A setpoint the master may change: a FLOAT, so it is written with function code 16.
      name: 'flowLimit',
      area: 'holdingRegister',
      offset: 108,
      dataType: 'FLOAT',
      byteOrder: 'ABCD',
      multiplier: 1,
      decimals: 2,
      at: () => 50,
      min: 0,
      max: 1000,
      writable: true,
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
  slave: { ip: string; port: number; slaveId?: number; framing?: SlaveFraming },
  options: { mistakes?: boolean; name?: string } = {},
): PointTableInput {
  const rtu = slave.framing === 'rtuOverTcp';
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
    protocol: rtu ? 'modbusRtu' : 'modbusTcp',
    connectionType: rtu ? 'rtuOverTcp' : 'tcp',
    slaveIp: slave.ip,
    slavePort: slave.port,
    slaveId: slave.slaveId ?? 1,
    points,
  };
}

/** How a slave frames its answers on TCP: Modbus TCP (MBAP header), or RTU frames (CRC) over the socket. */
export type SlaveFraming = 'tcp' | 'rtuOverTcp';

export interface ModbusSlave {
  kind: EndpointKind;
  port: number;
  framing: SlaveFraming;
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
  options: {
    port?: number;
    host?: string;
    slaveId?: number;
    clock?: () => number;
    /** RTU frames over TCP, as a serial device server presents an RTU slave (an RTU point table). */
    framing?: SlaveFraming;
  } = {},
): Promise<ModbusSlave> {
  const sheet = DATASHEETS[kind];
  const slaveId = options.slaveId ?? 1;
  let frozenAt: number | null = null;
  const now = () => frozenAt ?? (options.clock ?? Date.now)();
  /** Coils written by a master, overriding the live ones. */
  const written = new Map<string, number>();
  /** Holding registers written by a master, word by word (a 32-bit value written with 6 tears). */
  const writtenWords = new Map<number, number>();
  const layoutOf = (e: DatasheetEntry) => ({ ...e, divisor: 1, bitOffset: 0, bitCount: 16 });
  const wordsOf = (e: DatasheetEntry) => {
    const live = encodeRegisters(written.get(e.name) ?? e.at(now()), layoutOf(e));
    if (e.area !== 'holdingRegister') return live;
    return live.map((w, i) => writtenWords.get(e.offset + i) ?? w);
  };
  const current = (name: string) => {
    const entry = sheet.find((e) => e.name === name);
    if (!entry) throw new Error(`${kind} has no ${name}`);
    if (entry.area !== 'holdingRegister') return written.get(name) ?? entry.at(now());
    return Number(scaledValue(wordsOf(entry), layoutOf(entry)));
  };

  /** The word at an offset of an area: the register image of whichever value covers it, else 0. */
  function word(area: Area, offset: number): number {
    if (area === 'holdingRegister' && writtenWords.has(offset)) return writtenWords.get(offset)!;
    for (const e of sheet) {
      if (e.area !== area) continue;
      const words = wordsOf(e);
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
    // Function code 6 writes one register, 16 several (modbus-serial hands them over one by one).
    setRegister: (addr: number, value: number) => {
      writtenWords.set(addr, value & 0xffff);
    },
  };

  const host = options.host ?? '127.0.0.1';
  // The library reads port 0 as Modbus's 502: find a free one first.
  const port = options.port || (await freePort(host));
  const framing = options.framing ?? 'tcp';
  // An RTU slave answers RTU frames on `port`; the Modbus TCP server behind it listens on a port of its own.
  const tcpPort = framing === 'tcp' ? port : await freePort(host);
  const server = new ServerTCP(vector, { host, port: tcpPort, unitID: slaveId });
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', reject);
  });
  const rtu = framing === 'rtuOverTcp' ? await rtuFront(host, port, tcpPort) : null;
  return {
    kind,
    port,
    framing,
    slaveId,
    valueOf: current,
    freeze(at) {
      frozenAt = at;
    },
    async close() {
      if (rtu) await closeServer(rtu);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A slave whose holding registers are a fixed image (offset → word; the rest read 0), for decoding
 * tests: every data type and byte order read from registers whose bits are known. Writes change it.
 */
export async function startRegisterImageSlave(
  image: readonly number[],
  options: { host?: string; slaveId?: number } = {},
): Promise<{ port: number; words: number[]; close(): Promise<void> }> {
  const host = options.host ?? '127.0.0.1';
  const port = await freePort(host);
  const words = [...image];
  const server = new ServerTCP(
    {
      getHoldingRegister: (addr: number) => words[addr] ?? 0,
      getInputRegister: (addr: number) => words[addr] ?? 0,
      getCoil: () => false,
      getDiscreteInput: () => false,
      setRegister: (addr: number, value: number) => {
        words[addr] = value & 0xffff;
      },
      setCoil: () => {},
    },
    { host, port, unitID: options.slaveId ?? 1 },
  );
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', reject);
  });
  return { port, words, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** CRC-16/MODBUS of an RTU frame, sent low byte first. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >> 1) ^ 0xa001 : crc >> 1;
  }
  return crc;
}

/** The length of the RTU request at the start of `buffer` (null: not all of it has arrived). */
function rtuRequestLength(buffer: Buffer): number | null {
  if (buffer.length < 2) return null;
  const fc = buffer[1]!;
  if (fc === 15 || fc === 16) return buffer.length < 7 ? null : 9 + buffer[6]!;
  return 8;
}

/**
 * RTU over TCP in front of a Modbus TCP slave: each RTU request (unit, PDU, CRC) becomes a Modbus TCP
 * request (MBAP header, unit, PDU) to the slave, and its answer an RTU frame again. A frame with a bad
 * CRC is dropped, as a serial slave drops it.
 */
async function rtuFront(host: string, port: number, tcpPort: number): Promise<Server> {
  const sockets = new Set<Socket>();
  const front = createServer((socket) => {
    sockets.add(socket);
    const slave = connect(tcpPort, host);
    let pending = Buffer.alloc(0);
    let answer = Buffer.alloc(0);
    let transaction = 0;
    socket.on('data', (data) => {
      pending = Buffer.concat([pending, data]);
      for (let length = rtuRequestLength(pending); length !== null && pending.length >= length; ) {
        const frame = pending.subarray(0, length);
        pending = pending.subarray(length);
        length = rtuRequestLength(pending);
        if (crc16(frame.subarray(0, -2)) !== frame.readUInt16LE(frame.length - 2)) continue;
        const body = frame.subarray(0, -2);
        const mbap = Buffer.alloc(6);
        transaction = (transaction + 1) & 0xffff;
        mbap.writeUInt16BE(transaction, 0);
        mbap.writeUInt16BE(body.length, 4);
        slave.write(Buffer.concat([mbap, body]));
      }
    });
    slave.on('data', (data) => {
      answer = Buffer.concat([answer, data]);
      while (answer.length >= 6 && answer.length >= 6 + answer.readUInt16BE(4)) {
        const body = answer.subarray(6, 6 + answer.readUInt16BE(4));
        answer = answer.subarray(6 + body.length);
        const crc = Buffer.alloc(2);
        crc.writeUInt16LE(crc16(body));
        socket.write(Buffer.concat([body, crc]));
      }
    });
    const end = () => {
      sockets.delete(socket);
      socket.destroy();
      slave.destroy();
    };
    socket.on('close', end);
    socket.on('error', end);
    slave.on('close', end);
    slave.on('error', end);
  });
  (front as Server & { sockets?: Set<Socket> }).sockets = sockets;
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, host, () => resolve());
  });
  return front;
}

/** Closes a server and the connections it holds (a killed slave drops its masters). */
function closeServer(server: Server & { sockets?: Set<Socket> }): Promise<void> {
  for (const socket of server.sockets ?? []) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
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
