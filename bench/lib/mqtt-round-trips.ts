import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { startChildFleet } from './child-fleet.ts';

/** N clients (in child processes) each answering requests on its own topic, one asker sending N requests at once. */
export async function bareRoundTrips(devices: number): Promise<number> {
  const broker = new Aedes({ maxClientsIdLength: 128 });
  await broker.listen();
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = `mqtt://127.0.0.1:${port}`;
  // The answerers run in child processes (child-fleet.ts): 10,000 of them and their 10,000 broker
  // ends would not fit in one process's file descriptors.
  const answerers = await startChildFleet({ kind: 'answerers', url, first: 0, count: devices });
  try {
    const asker = await mqtt.connectAsync(url, { clientId: 'asker', reconnectPeriod: 0 });
    await asker.subscribeAsync('res/+', { qos: 1 });
    let answered = 0;
    const done = new Promise<void>((resolve) =>
      asker.on('message', () => {
        if (++answered === devices) resolve();
      }),
    );
    const started = performance.now();
    for (let n = 0; n < devices; n++) asker.publish(`req/${n}`, JSON.stringify({ id: n }), { qos: 1 });
    await done;
    const ms = performance.now() - started;
    await asker.endAsync();
    return ms;
  } finally {
    await answerers.stop();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
