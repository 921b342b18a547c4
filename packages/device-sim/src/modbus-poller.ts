import {
  decodeRegisters,
  ENDPOINT_MESSAGE_MAX,
  type EndpointPresence,
  type EndpointSample,
  encodeRegisters,
  type PolledPoint,
  RPC_ERROR,
  type RpcParams,
  type RpcResult,
} from '@fleetport/contract';
import ModbusRTU from 'modbus-serial';
import { RpcFailure } from './rpc-context.ts';

/*
 * The gateway's polling (issue 19, docs/device-protocol.md §7.8): the endpoints of the last
 * `pointTableApply`, each behind its own Modbus connection, read every poll interval and decoded with
 * the contract's decoder. Endpoints sharing an interval are polled in one round, and a round is one
 * `up/endpoint` message (its samples and presence changes). `endpointWrite` writes a point and reads it back.
 */

export type PolledEndpoint = RpcParams<'pointTableApply'>['endpoints'][number];
type Publish = (message: { samples: EndpointSample[]; presence: EndpointPresence[] }) => void;

/** How long one request may wait for the slave before the endpoint counts as not answering. */
const SLAVE_TIMEOUT_MS = 1_500;

type Area = 'coil' | 'discreteInput' | 'inputRegister' | 'holdingRegister';
const AREA_OF: Record<number, Area> = {
  1: 'coil',
  5: 'coil',
  15: 'coil',
  2: 'discreteInput',
  3: 'holdingRegister',
  6: 'holdingRegister',
  16: 'holdingRegister',
  4: 'inputRegister',
};
const READ_CODE: Record<Area, 1 | 2 | 3 | 4> = {
  coil: 1,
  discreteInput: 2,
  holdingRegister: 3,
  inputRegister: 4,
};
const areaOf = (point: PolledPoint): Area => AREA_OF[point.functionCode] ?? 'holdingRegister';

/** modbus-serial rejects with Errors and with plain objects ({name, message, errno}). */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  const text =
    typeof message === 'string' ? message : typeof error === 'string' ? error : JSON.stringify(error);
  return text.slice(0, 200) || 'no answer';
}

/**
 * The function code a write of `point` takes: coils 5 (15 when the point says 15); 16-bit registers 6
 * (16 when the point says 16); anything wider, and RAW-DATA, 16, since a single-register write would
 * tear the value. Read-only areas have none.
 */
export function writeFunctionCode(point: PolledPoint): 5 | 6 | 15 | 16 | null {
  const area = areaOf(point);
  if (area === 'coil') return point.functionCode === 15 ? 15 : 5;
  if (area !== 'holdingRegister') return null;
  if (point.dataSize > 1 || point.dataType === 'RAW-DATA') return 16;
  return point.functionCode === 16 ? 16 : 6;
}

/** Reads `count` registers or coils of an area from `start`. */
async function readArea(client: ModbusRTU, area: Area, start: number, count: number): Promise<number[]> {
  const fc = READ_CODE[area];
  if (fc === 1) return (await client.readCoils(start, count)).data.slice(0, count).map(Number);
  if (fc === 2) return (await client.readDiscreteInputs(start, count)).data.slice(0, count).map(Number);
  if (fc === 4) return (await client.readInputRegisters(start, count)).data;
  return (await client.readHoldingRegisters(start, count)).data;
}

/** One request per batch (points of one batch number share it), one per point of batch 0. */
export function readRequests(points: readonly PolledPoint[]) {
  const requests: { area: Area; start: number; count: number; points: PolledPoint[] }[] = [];
  const batches = new Map<number, PolledPoint[]>();
  for (const p of points) {
    if (p.batch === 0) requests.push({ area: areaOf(p), start: p.address, count: p.dataSize, points: [p] });
    else batches.set(p.batch, [...(batches.get(p.batch) ?? []), p]);
  }
  for (const group of batches.values()) {
    const start = Math.min(...group.map((p) => p.address));
    const end = Math.max(...group.map((p) => p.address + p.dataSize));
    requests.push({ area: areaOf(group[0]!), start, count: end - start, points: group });
  }
  return requests;
}

class EndpointLink {
  private client: ModbusRTU | null = null;
  /** One request at a time on a connection (RTU frames carry no transaction id). */
  private queue: Promise<unknown> = Promise.resolve();
  online: boolean | null = null;

  constructor(readonly endpoint: PolledEndpoint) {}

  private async connected(): Promise<ModbusRTU> {
    if (this.client?.isOpen) return this.client;
    this.drop();
    const { slave } = this.endpoint;
    if (slave.connectionType === 'serial') throw new Error('no serial slave on this gateway');
    const client = new ModbusRTU();
    try {
      // modbus-serial's "telnet" port is RTU over TCP: raw RTU frames with their CRC, no MBAP header.
      if (slave.connectionType === 'rtuOverTcp') await client.connectTelnet(slave.ip, { port: slave.port });
      else await client.connectTCP(slave.ip, { port: slave.port });
    } catch (error) {
      throw new Error(`cannot reach ${slave.ip}:${slave.port}: ${messageOf(error)}`);
    }
    client.setID(slave.slaveId);
    client.setTimeout(SLAVE_TIMEOUT_MS);
    this.client = client;
    return client;
  }

  /** Runs `work` with the connection, after whatever runs on it now. */
  use<T>(work: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => work(await this.connected()));
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * Reads every periodic point: values by name (null for a point whose request failed), or the
   * reason none could be read (the slave is offline).
   */
  async poll(): Promise<{ values: Record<string, number | string | null>; partial: boolean } | string> {
    const periodic = this.endpoint.points.filter((p) => p.trigger === 'periodic');
    const values: Record<string, number | string | null> = {};
    let failed = 0;
    let lastError = '';
    for (const request of readRequests(periodic)) {
      try {
        const words = await this.use((c) => readArea(c, request.area, request.start, request.count));
        for (const p of request.points) {
          const from = p.address - request.start;
          values[p.name] = decodeRegisters(words.slice(from, from + p.dataSize), p);
        }
      } catch (error) {
        failed++;
        lastError = messageOf(error);
        for (const p of request.points) values[p.name] = null;
        // A connection error or a time-out: the link is reopened on the next request.
        if (!/exception/i.test(lastError)) this.drop();
      }
    }
    if (periodic.length > 0 && failed === readRequests(periodic).length) return lastError;
    return { values, partial: failed > 0 };
  }

  /** Writes a point with its function code, reads it back and decodes it. */
  async write(point: PolledPoint, value: number | string) {
    const fc = writeFunctionCode(point);
    if (fc === null) throw new RpcFailure(RPC_ERROR.invalidParams, `${point.name} is read-only`);
    const area = areaOf(point);
    return this.use(async (client) => {
      if (area === 'coil') {
        const on = Number(value) !== 0;
        if (fc === 15) await client.writeCoils(point.address, [on]);
        else await client.writeCoil(point.address, on);
      } else {
        let words = encodeRegisters(value, point);
        if (point.dataType === 'BIT') {
          // Only the point's bits change: the rest of the register is kept.
          const [current] = await readArea(client, area, point.address, 1);
          const mask = (((1 << point.bitCount) - 1) << point.bitOffset) & 0xffff;
          words = [((current ?? 0) & ~mask) | (words[0]! & mask)];
        }
        if (fc === 6) await client.writeRegister(point.address, words[0]!);
        else await client.writeRegisters(point.address, words);
      }
      const back = await readArea(client, area, point.address, point.dataSize);
      return { functionCode: fc, value: decodeRegisters(back, point) };
    });
  }

  drop(): void {
    const client = this.client;
    this.client = null;
    if (client?.isOpen) client.close(() => {});
  }
}

/** The endpoints a simulated gateway polls. */
export class EndpointPoller {
  private links = new Map<string, EndpointLink>();
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly publish: Publish,
    /** Real milliseconds per simulated millisecond (poll intervals shrink with it in tests). */
    private readonly timeScale = 1,
  ) {}

  /** Replaces what is polled; the first round of each interval runs at once. */
  apply(endpoints: readonly PolledEndpoint[]): RpcResult<'pointTableApply'> {
    this.stop();
    const byInterval = new Map<number, EndpointLink[]>();
    for (const e of endpoints) {
      const link = new EndpointLink(e);
      this.links.set(e.endpointId, link);
      byInterval.set(e.pollSeconds, [...(byInterval.get(e.pollSeconds) ?? []), link]);
    }
    for (const [seconds, links] of byInterval) {
      let running = false;
      const round = async () => {
        // A round still waiting on a slow slave is not overtaken by the next one.
        if (running) return;
        running = true;
        try {
          await this.round(links);
        } finally {
          running = false;
        }
      };
      void round();
      const timer = setInterval(() => void round(), Math.max(20, seconds * 1000 * this.timeScale));
      timer.unref?.();
      this.timers.push(timer);
    }
    return { endpoints: endpoints.map((e) => e.endpointId) };
  }

  /** Polls the endpoints of one interval and sends what they said, in messages of at most 200 entries. */
  private async round(links: readonly EndpointLink[]): Promise<void> {
    const samples: EndpointSample[] = [];
    const presence: EndpointPresence[] = [];
    await Promise.all(
      links.map(async (link) => {
        const result = await link.poll();
        const ts = Date.now();
        const online = typeof result !== 'string';
        if (link.online !== online) {
          link.online = online;
          presence.push({
            endpointId: link.endpoint.endpointId,
            ts,
            state: online ? 'online' : 'offline',
            ...(online ? {} : { reason: result as string }),
          });
        }
        if (typeof result !== 'string')
          samples.push({
            endpointId: link.endpoint.endpointId,
            ts,
            values: result.values,
            quality: result.partial ? 'partial' : 'good',
          });
      }),
    );
    // A round of a set replaced meanwhile says nothing: the new set reports for itself.
    const first = links[0];
    if (!first || this.links.get(first.endpoint.endpointId) !== first) return;
    for (let i = 0; i < Math.max(samples.length, presence.length); i += ENDPOINT_MESSAGE_MAX)
      this.publish({
        samples: samples.slice(i, i + ENDPOINT_MESSAGE_MAX),
        presence: presence.slice(i, i + ENDPOINT_MESSAGE_MAX),
      });
  }

  /** `endpointWrite`: 404-like `notFound` for an endpoint or point the applied tables do not have. */
  async write(params: RpcParams<'endpointWrite'>): Promise<RpcResult<'endpointWrite'>> {
    const link = this.links.get(params.endpointId);
    if (!link) throw new RpcFailure(RPC_ERROR.notFound, `endpoint ${params.endpointId} is not polled`);
    const point = link.endpoint.points.find((p) => p.name === params.point);
    if (!point) throw new RpcFailure(RPC_ERROR.notFound, `${params.endpointId} has no point ${params.point}`);
    try {
      const written = await link.write(point, params.value);
      return { endpointId: params.endpointId, point: point.name, ...written };
    } catch (error) {
      if (error instanceof RpcFailure) throw error;
      throw new RpcFailure(RPC_ERROR.failed, `${params.endpointId}: ${messageOf(error)}`);
    }
  }

  /** Stops polling and closes the connections. */
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const link of this.links.values()) link.drop();
    this.links.clear();
  }
}
