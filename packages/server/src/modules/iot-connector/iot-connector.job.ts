import type { AppDeps } from '../../platform/app-deps.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db/open.ts';
import { defineJob, defineSchedule, enqueueJob, type JobContext } from '../../platform/jobs/index.ts';
import { destinationPolicy } from '../notifications/webhook-address.ts';
import { postToConnector } from './connector-post.ts';
import { connectorSeal, forwardHeaders } from './iot-connector.service.ts';
import * as store from './iot-connector.store.ts';

/**
 * Forwarding the routers' telemetry (docs/api.md "IoT connectors"). Every 10 s a dispatcher starts,
 * for each connector whose routers stored telemetry after its cursor, one delivery job (never two at a
 * time for a connector). The job POSTs the rows in batches of at most 100, oldest first, with the
 * token; a 2xx moves the cursor past the batch, anything else fails the job, which the queue retries
 * with a growing wait (30 s doubling to 1 h), starting again at the same batch. The connector shows
 * `failing` from the first failure until a batch goes through.
 */

export const IOT_DISPATCH_JOB = 'iotConnector.dispatch';
export const IOT_DELIVERY_JOB = 'iotConnector.deliver';
export const IOT_DISPATCH_EVERY_MS = 10_000;
export const IOT_BACKOFF = { baseMs: 30_000, maxMs: 60 * 60_000 };
/** 31 attempts span about a day; then the next round starts from the dispatcher. */
export const IOT_MAX_ATTEMPTS = 31;
export const IOT_BATCH_SIZE = 100;
/** Batches one run delivers before it hands over (other connectors get their turn). */
const BATCHES_PER_RUN = 20;

type DeliveryDeps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Enqueues the connector's delivery unless one is queued or running (under the row's lock). */
export async function startConnectorDelivery(db: Db, clock: Clock, connectorId: number) {
  return inTransaction(db, async (tx) => {
    const row = await tx
      .selectFrom('iot_connector')
      .select(['job_id', 'company_id'])
      .where('id', '=', connectorId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    if (row.job_id !== null) {
      const job = await tx
        .selectFrom('job')
        .select('state')
        .where('id', '=', Number(row.job_id))
        .executeTakeFirst();
      if (job && (job.state === 'queued' || job.state === 'running')) return null;
    }
    const { id } = await enqueueJob(tx, {
      kind: IOT_DELIVERY_JOB,
      payload: { connectorId },
      companyId: Number(row.company_id),
      clock,
    });
    await store.setJob(tx, connectorId, id);
    return id;
  });
}

export async function dispatchConnectors(deps: Pick<AppDeps, 'db' | 'clock'>) {
  for (const id of await store.connectorsBehind(deps.db))
    await startConnectorDelivery(deps.db, deps.clock, id);
}

/** The JSON of one batch: Azure IoT Central's fields beside the samples, or the samples alone. */
export function batchBody(
  connector: store.StoredConnector,
  batchId: string,
  rows: Awaited<ReturnType<typeof store.telemetryAfter>>,
) {
  const messages = rows.map((r) => ({
    sn: r.sn,
    at: new Date(r.at).toISOString(),
    telemetry: r.data,
  }));
  if (connector.kind === 'azureIotCentral')
    return JSON.stringify({
      batchId,
      idScope: connector.idScope,
      template: connector.template,
      interfaceId: connector.interfaceId,
      messages: messages.map((m) => ({
        deviceId: m.sn,
        component: connector.interfaceId,
        enqueuedTime: m.at,
        telemetry: m.telemetry,
      })),
    });
  return JSON.stringify({ batchId, connectorId: connector.id, name: connector.name, messages });
}

export class ConnectorDeliveryFailed extends Error {
  constructor(connectorId: number, error: string | null) {
    super(`IoT connector ${connectorId}: ${error ?? 'failed'}`);
    this.name = 'ConnectorDeliveryFailed';
  }
}

export async function deliverConnector(deps: DeliveryDeps, ctx: JobContext<{ connectorId: number }>) {
  const policy = destinationPolicy(deps.config);
  for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
    if (ctx.signal.aborted) throw new Error('IoT connector delivery aborted');
    const connector = await store.connectorById(deps.db, ctx.payload.connectorId);
    if (!connector) return;
    const rows = await store.telemetryAfter(deps.db, connector, IOT_BATCH_SIZE);
    if (rows.length === 0) return;
    const lastId = rows.at(-1)!.id;
    const batchId = `${connector.id}-${lastId}`;
    const token = await connectorSeal(deps).open(connector.tokenSealed);
    const result = await postToConnector(
      connector.applicationUrl,
      { [connector.tokenName]: token, ...forwardHeaders(connector.id, batchId) },
      batchBody(connector, batchId, rows),
      policy,
    );
    if (!result.ok) {
      await store.markFailing(deps.db, connector.id, result.error ?? 'failed', deps.clock.now());
      throw new ConnectorDeliveryFailed(connector.id, result.error);
    }
    await store.markDelivered(deps.db, connector.id, lastId, rows.length, deps.clock.now());
  }
}

export function iotConnectorJobs(deps: DeliveryDeps) {
  return {
    handlers: [
      defineJob({
        kind: IOT_DISPATCH_JOB,
        maxAttempts: 1,
        async run() {
          await dispatchConnectors(deps);
        },
      }),
      defineJob<{ connectorId: number }>({
        kind: IOT_DELIVERY_JOB,
        timeoutMs: 5 * 60_000,
        maxAttempts: IOT_MAX_ATTEMPTS,
        backoff: IOT_BACKOFF,
        run: (ctx) => deliverConnector(deps, ctx),
      }),
    ],
    schedules: [
      defineSchedule({
        name: IOT_DISPATCH_JOB,
        every: IOT_DISPATCH_EVERY_MS,
        kind: IOT_DISPATCH_JOB,
        runAtStart: true,
      }),
    ],
  };
}
