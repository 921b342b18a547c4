import { createSimulatedDevice, type SimulatedDevice } from '@fleetport/device-sim';
import mqtt from 'mqtt';
import type { ChildFleetJob } from './child-fleet.ts';
import { inBatches } from './in-batches.ts';

/** A child of child-fleet.ts: connects its share of the clients, says ready, stops when told. */

const stops: (() => Promise<unknown>)[] = [];

async function start(job: ChildFleetJob): Promise<void> {
  if (job.kind === 'routers') {
    await inBatches(job.devices, 100, async (d) => {
      const router: SimulatedDevice = await createSimulatedDevice({
        sn: d.sn,
        secret: d.secret,
        series: 'r3000',
        model: 'R3000-Q',
        url: job.url,
        timeScale: job.timeScale,
        telemetryPeriodMs: job.telemetryPeriodMs,
        rebootSeconds: job.rebootSeconds,
      });
      stops.push(() => router.stop());
    });
    return;
  }
  // Bare answerers: each answers requests on its own topic (mqtt-round-trips.ts asks).
  const numbers = Array.from({ length: job.count }, (_, i) => job.first + i);
  await inBatches(numbers, 100, async (n) => {
    const client = await mqtt.connectAsync(job.url, { clientId: `answer-${n}`, reconnectPeriod: 0 });
    await client.subscribeAsync(`req/${n}`, { qos: 1 });
    client.on('message', (_topic, payload) => void client.publish(`res/${n}`, payload, { qos: 1 }));
    stops.push(() => client.endAsync());
  });
}

// The benchmark died (or was killed): its children go with it rather than keep reconnecting.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: ChildFleetJob | { stop: true }) => {
  if ('stop' in message) {
    void Promise.all(stops.map((stop) => stop().catch(() => {}))).then(() => process.exit(0));
    return;
  }
  start(message).then(
    () => process.send?.({ ready: true }),
    (error: Error) => {
      process.send?.({ error: error.message });
      process.exit(1);
    },
  );
});
