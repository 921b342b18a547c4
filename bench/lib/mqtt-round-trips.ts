import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';

/** N clients each answering requests on its own topic, one asker sending N requests at once. */
export async function bareRoundTrips(devices: number): Promise<number> {
  const broker = new Aedes({ maxClientsIdLength: 128 });
  await broker.listen();
  const server = net.createServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 2048 }, resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = `mqtt://127.0.0.1:${port}`;
  const answerers: mqtt.MqttClient[] = [];
  try {
    for (let i = 0; i < devices; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, devices - i) }, async (_, j) => {
          const n = i + j;
          const client = await mqtt.connectAsync(url, { clientId: `answer-${n}`, reconnectPeriod: 0 });
          await client.subscribeAsync(`req/${n}`, { qos: 1 });
          client.on('message', (_topic, payload) => void client.publish(`res/${n}`, payload, { qos: 1 }));
          answerers.push(client);
        }),
      );
    }
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
    await Promise.all(answerers.map((c) => c.endAsync().catch(() => {})));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
