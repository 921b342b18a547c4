import type { RpcParams, RpcResult } from '@fleetport/contract';
import ModbusRTU from 'modbus-serial';

/*
 * The gateway half of a point table (issue 19): the simulated router is a Modbus master that polls
 * the slaves behind it. `pointTableTestRead` reads each point once, one register either side.
 */

type TestRead = RpcParams<'pointTableTestRead'>;
type ReadPoint = RpcResult<'pointTableTestRead'>['points'][number];

/** How long one request may wait for the slave. */
const SLAVE_TIMEOUT_MS = 1_500;

/** Reads `length` registers or coils from `start` with a read function code, in Modbus-sized requests. */
async function readRange(client: ModbusRTU, fc: number, start: number, length: number): Promise<number[]> {
  const bits = fc === 1 || fc === 2;
  const most = bits ? 2000 : 125;
  const out: number[] = [];
  for (let at = start; at < start + length; at += most) {
    const n = Math.min(most, start + length - at);
    if (fc === 1) out.push(...(await client.readCoils(at, n)).data.slice(0, n).map(Number));
    else if (fc === 2) out.push(...(await client.readDiscreteInputs(at, n)).data.slice(0, n).map(Number));
    else if (fc === 4) out.push(...(await client.readInputRegisters(at, n)).data);
    else out.push(...(await client.readHoldingRegisters(at, n)).data);
  }
  return out;
}

/** A read function code for any function code a point carries (writes read back their area). */
function readCode(fc: number): number {
  if (fc === 5 || fc === 15) return 1;
  if (fc === 6 || fc === 16) return 3;
  return fc;
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 200) || 'read failed';

/**
 * Connects to the table's slave and reads every point from its address − 1 to its end + 1; where the
 * slave refuses the wider window (an address at the edge of its map), the point alone.
 */
export async function testReadSlave(params: TestRead): Promise<RpcResult<'pointTableTestRead'>> {
  const { slave } = params;
  if (slave.connectionType === 'serial')
    return {
      points: params.points.map((p) => ({
        index: p.index,
        start: p.address,
        error: 'no serial slave on this gateway',
      })),
    };
  const client = new ModbusRTU();
  try {
    // modbus-serial's "telnet" port is RTU over TCP: raw RTU frames with their CRC, no MBAP header.
    if (slave.connectionType === 'rtuOverTcp') await client.connectTelnet(slave.ip, { port: slave.port });
    else await client.connectTCP(slave.ip, { port: slave.port });
  } catch (error) {
    const message = `cannot reach ${slave.ip}:${slave.port}: ${messageOf(error)}`;
    return {
      points: params.points.map((p) => ({ index: p.index, start: p.address, error: message.slice(0, 200) })),
    };
  }
  client.setID(slave.slaveId);
  client.setTimeout(SLAVE_TIMEOUT_MS);
  const points: ReadPoint[] = [];
  try {
    for (const p of params.points) {
      const fc = readCode(p.functionCode);
      const start = Math.max(0, p.address - 1);
      const end = Math.min(65535, p.address + p.count);
      try {
        points.push({ index: p.index, start, values: await readRange(client, fc, start, end - start + 1) });
      } catch {
        try {
          points.push({
            index: p.index,
            start: p.address,
            values: await readRange(client, fc, p.address, p.count),
          });
        } catch (error) {
          points.push({ index: p.index, start: p.address, error: messageOf(error) });
        }
      }
    }
  } finally {
    await new Promise<void>((resolve) => client.close(() => resolve()));
  }
  return { points };
}
