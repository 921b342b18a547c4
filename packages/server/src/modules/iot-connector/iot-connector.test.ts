import http from 'node:http';
import {
  bindIotRoutersCall,
  createIotConnectorCall,
  deleteIotConnectorCall,
  ErrorCode,
  errorMessage,
  getIotConnectorCall,
  type IotConnector,
  listIotConnectorsCall,
  MAX_DEVICES_PER_IOT_CONNECTOR,
  unbindIotRoutersCall,
  updateIotConnectorCall,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: a test: a real simulated router reports the telemetry.
import type { SimulatedDevice } from '@fleetport/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../test/helpers.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { IOT_DISPATCH_EVERY_MS } from './iot-connector.job.ts';

/**
 * IoT connectors through the API, the job queue and a real HTTP stand-in for the application, with a
 * simulated router whose telemetry the gateway stores: each code 600001-600009, the token sealed and
 * masked, tenancy, and the telemetry arriving at the stand-in (and again after it was down).
 */

interface Received {
  headers: http.IncomingHttpHeaders;
  body: { type?: string; batchId?: string; messages?: { sn: string; telemetry: unknown }[] };
}

/** The application's stand-in on loopback: 204, or 503 while `down`, or 401 while `deny`. */
function startStandIn() {
  const state = { mode: 'ok' as 'ok' | 'down' | 'deny', received: [] as Received[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.mode !== 'ok') return void res.writeHead(state.mode === 'down' ? 503 : 401).end();
      state.received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(204).end();
    });
  });
  const ready = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/ingest`),
    ),
  );
  return { state, ready, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let fleet: SimulatedFleet;
let acme: Owner;
let other: Owner;
let router: SimulatedDevice;
const standIn = startStandIn();
let url: string;
const TOKEN = 'tok_0123456789abcdef';
const SAS = 'SharedAccessSignature sr=abc&sig=def&skn=ghi&se=1900000000';

const fields = (
  name: string,
  over: Partial<Parameters<typeof createIotConnectorCall.input.parse>[0]> = {},
) => ({
  name,
  kind: 'https' as const,
  applicationUrl: url,
  idScope: null,
  template: null,
  interfaceId: null,
  tokenName: 'Authorization',
  token: TOKEN,
  ...over,
});

async function create(who: Owner, name: string, over = {}) {
  const res = await who.run(createIotConnectorCall, fields(name, over));
  expect(res.code, res.msg).toBe(0);
  return res.data as IotConnector;
}

beforeAll(async () => {
  url = await standIn.ready;
  fleet = await startSimulatedFleet({ jobs: 'manual', automatedTestMode: true });
  acme = await companyOwner(fleet.t, 'Acme IoT', 'owner@acme-iot.test');
  other = await companyOwner(fleet.t, 'Other IoT', 'owner@other-iot.test');
  router = await fleet.connect(acme, 'IOT0000001', 'r3000', 'R3000-Q');
  await seedDevices(
    fleet.t,
    acme.companyId,
    Array.from({ length: MAX_DEVICES_PER_IOT_CONNECTOR + 1 }, (_, i) => ({
      sn: `IOTS${String(i).padStart(6, '0')}`,
    })),
  );
  await seedDevices(fleet.t, other.companyId, [{ sn: 'IOTOTHER01' }]);
}, 60_000);
afterAll(async () => {
  await fleet?.close();
  await standIn.close();
});

describe('connectors', () => {
  it('saves a connector after the application answered, with the token masked and never sent back', async () => {
    const created = await create(acme, 'Plant A');
    expect(created).toMatchObject({ name: 'Plant A', kind: 'https', applicationUrl: url, routerCount: 0 });
    expect(created.tokenMask).toBe('••••••cdef');
    expect(JSON.stringify(created)).not.toContain(TOKEN);
    const probe = standIn.state.received.at(-1)!;
    expect(probe.body.type).toBe('connector.verify');
    expect(probe.headers.authorization).toBe(TOKEN);
    const stored = await fleet.t.deps.db
      .selectFrom('iot_connector')
      .select('token_sealed')
      .where('id', '=', created.connectorId)
      .executeTakeFirstOrThrow();
    expect(stored.token_sealed).not.toContain(TOKEN);
    const list = await acme.run(listIotConnectorsCall, {});
    expect(list.data!.list.map((c) => c.name)).toContain('Plant A');
    expect(JSON.stringify(list.data)).not.toContain(TOKEN);
  });

  it('600001 for a name the company already has (any case), in both languages', async () => {
    const res = await acme.run(createIotConnectorCall, fields('plant a'));
    expect(res.code).toBe(ErrorCode.IOT_CONNECTOR_NAME_EXISTS);
    expect(res.msg).toBe('The IoT connector name already exists');
    const cn = await acme.run(createIotConnectorCall, fields('PLANT A'), 'cn');
    expect(cn.msg).toBe(errorMessage(600001, 'cn'));
    // Another company may use the name.
    await create(other, 'Plant A');
  });

  it('600006 for a URL that is not https (or not a URL), 600007 for the scope or token', async () => {
    for (const applicationUrl of [
      'http://iot.example.com/x',
      'not a url',
      'https://user:pw@iot.example.com/',
    ])
      expect((await acme.run(createIotConnectorCall, fields('U', { applicationUrl }))).code).toBe(600006);
    const azure = { kind: 'azureIotCentral' as const, token: SAS, idScope: '0ne00ABCDEF' };
    expect((await acme.run(createIotConnectorCall, fields('S', { ...azure, idScope: 'scope' }))).code).toBe(
      600007,
    );
    expect((await acme.run(createIotConnectorCall, fields('S', { ...azure, token: TOKEN }))).code).toBe(
      600007,
    );
    expect((await acme.run(createIotConnectorCall, fields('S', { tokenName: 'bad name' }))).code).toBe(
      600007,
    );
    const ok = await create(acme, 'Azure', {
      ...azure,
      template: 'dtmi:fleet:router;1',
      interfaceId: 'telemetry',
    });
    expect(ok).toMatchObject({ kind: 'azureIotCentral', idScope: '0ne00ABCDEF', interfaceId: 'telemetry' });
    const empty = await acme.run(createIotConnectorCall, fields(''));
    expect(empty.code).toBe(1);
    expect(empty.msg).toContain('name');
  });

  it('600003 when the application cannot be reached, 600007 when it refuses the token', async () => {
    standIn.state.mode = 'down';
    const down = await acme.run(createIotConnectorCall, fields('Down'));
    expect(down.code).toBe(ErrorCode.IOT_CONNECTOR_CREATE_FAILED);
    standIn.state.mode = 'deny';
    expect((await acme.run(createIotConnectorCall, fields('Deny'))).code).toBe(600007);
    standIn.state.mode = 'ok';
    const closed = await acme.run(
      createIotConnectorCall,
      fields('Closed', { applicationUrl: 'http://127.0.0.1:9/x' }),
    );
    expect(closed.code).toBe(600003);
    const names = (await acme.run(listIotConnectorsCall, {})).data!.list.map((c) => c.name);
    expect(names).not.toContain('Down');
  });

  it('updates keep the token unless a new one is sent; 600002, 600004 and 600001 on update', async () => {
    const c = await create(acme, 'Edit me');
    const renamed = await acme.run(updateIotConnectorCall, {
      ...fields('Edited'),
      token: null,
      connectorId: c.connectorId,
    });
    expect(renamed.code).toBe(0);
    expect(renamed.data!.tokenMask).toBe('••••••cdef');
    const taken = await acme.run(updateIotConnectorCall, {
      ...fields('Plant A'),
      connectorId: c.connectorId,
    });
    expect(taken.code).toBe(600001);
    standIn.state.mode = 'down';
    const failed = await acme.run(updateIotConnectorCall, {
      ...fields('Edited'),
      token: 'tok_new_token_value_9999',
      connectorId: c.connectorId,
    });
    expect(failed.code).toBe(ErrorCode.IOT_CONNECTOR_UPDATE_FAILED);
    standIn.state.mode = 'ok';
    const after = await acme.run(getIotConnectorCall, { connectorId: c.connectorId });
    expect(after.data!.connector.tokenMask).toBe('••••••cdef');
    const unknown = await acme.run(updateIotConnectorCall, { ...fields('X'), connectorId: 999_999 });
    expect(unknown.code).toBe(ErrorCode.IOT_CONNECTOR_NOT_FOUND);
  });
});

describe('routers', () => {
  it('binds at most 30 routers (600009) and a router to one connector only (600008)', async () => {
    const big = await create(acme, 'Big');
    const sns = Array.from(
      { length: MAX_DEVICES_PER_IOT_CONNECTOR },
      (_, i) => `IOTS${String(i).padStart(6, '0')}`,
    );
    const bound = await acme.run(bindIotRoutersCall, { connectorId: big.connectorId, sns });
    expect(bound.data).toEqual({ routerCount: 30 });
    const over = await acme.run(bindIotRoutersCall, { connectorId: big.connectorId, sns: ['IOTS000030'] });
    expect(over.code).toBe(ErrorCode.CONNECTOR_DEVICE_LIMIT);
    expect(over.msg).toBe('An IoT connector can have at most 30 devices');
    const second = await create(acme, 'Second');
    const elsewhere = await acme.run(bindIotRoutersCall, {
      connectorId: second.connectorId,
      sns: ['IOTS000030', 'IOTS000001'],
    });
    expect(elsewhere.code).toBe(ErrorCode.DEVICE_ON_OTHER_CONNECTOR);
    expect((await acme.run(getIotConnectorCall, { connectorId: second.connectorId })).data!.routers).toEqual(
      [],
    );
    // 600005: a connector with routers is not removed; unbound, it is.
    expect((await acme.run(deleteIotConnectorCall, { connectorId: big.connectorId })).code).toBe(600005);
    await acme.run(unbindIotRoutersCall, { connectorId: big.connectorId, sns });
    expect((await acme.run(deleteIotConnectorCall, { connectorId: big.connectorId })).code).toBe(0);
    expect((await acme.run(getIotConnectorCall, { connectorId: big.connectorId })).code).toBe(600002);
    expect((await acme.run(deleteIotConnectorCall, { connectorId: big.connectorId })).code).toBe(600002);
  });

  it("keeps companies apart: another company's connector is 600002 and its router unknown", async () => {
    const mine = await create(acme, 'Mine');
    const theirs = (await other.run(listIotConnectorsCall, {})).data!.list[0]!;
    expect((await acme.run(getIotConnectorCall, { connectorId: theirs.connectorId })).code).toBe(600002);
    expect(
      (await acme.run(bindIotRoutersCall, { connectorId: theirs.connectorId, sns: ['IOTS000031'] })).code,
    ).toBe(600002);
    const foreign = await acme.run(bindIotRoutersCall, {
      connectorId: mine.connectorId,
      sns: ['IOTOTHER01'],
    });
    expect(foreign.code).toBe(ErrorCode.DEVICE_NOT_FOUND);
    expect((await other.run(listIotConnectorsCall, {})).data!.list.map((c) => c.name)).toEqual(['Plant A']);
  });
});

describe('forwarding telemetry', () => {
  const telemetryCount = async () =>
    Number(
      (
        await fleet.t.deps.db
          .selectFrom('device_telemetry')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('sn', '=', 'IOT0000001')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const report = async () => {
    const before = await telemetryCount();
    router.sendTelemetry();
    await eventually(async () => (await telemetryCount()) > before || undefined, 10_000, 'telemetry stored');
  };
  const tick = async (ms = IOT_DISPATCH_EVERY_MS) => {
    fleet.t.clock.advance(ms);
    await runDueJobs(fleet.t, 20);
  };

  it("delivers a simulated router's telemetry to the application, retries while it is down, and shows the state", async () => {
    const c = await create(acme, 'Forwarder');
    expect(
      (await acme.run(bindIotRoutersCall, { connectorId: c.connectorId, sns: ['IOT0000001'] })).code,
    ).toBe(0);
    const detail = await acme.run(getIotConnectorCall, { connectorId: c.connectorId });
    expect(detail.data!.routers).toEqual([
      { sn: 'IOT0000001', name: 'IOT0000001', model: 'R3000-Q', online: true },
    ]);

    const batches = () =>
      standIn.state.received.filter((r) => r.headers['fleetport-connector-id'] === String(c.connectorId));
    await report();
    await tick();
    expect(batches()).toHaveLength(1);
    const [first] = batches();
    expect(first!.headers.authorization).toBe(TOKEN);
    expect(first!.body.messages!.map((m) => m.sn)).toEqual(['IOT0000001']);
    expect(first!.body.messages![0]!.telemetry).toHaveProperty('signal');
    let state = (await acme.run(getIotConnectorCall, { connectorId: c.connectorId })).data!.connector
      .delivery;
    expect(state).toMatchObject({ state: 'idle', delivered: 1, failingSince: null });

    standIn.state.mode = 'down';
    await report();
    await tick();
    state = (await acme.run(getIotConnectorCall, { connectorId: c.connectorId })).data!.connector.delivery;
    expect(state).toMatchObject({ state: 'failing', delivered: 1, lastError: 'HTTP 503' });
    await report();
    await tick(30_000);
    standIn.state.mode = 'ok';
    await tick(60_000);
    expect(batches().length).toBeGreaterThanOrEqual(2);
    const sent = batches().flatMap((b) => b.body.messages!);
    expect(sent).toHaveLength(3);
    state = (await acme.run(getIotConnectorCall, { connectorId: c.connectorId })).data!.connector.delivery;
    expect(state).toMatchObject({ state: 'idle', delivered: 3, failingSince: null, lastError: null });

    // Unbound, the router's telemetry goes nowhere.
    await acme.run(unbindIotRoutersCall, { connectorId: c.connectorId, sns: ['IOT0000001'] });
    await report();
    await tick();
    expect(batches().flatMap((b) => b.body.messages!)).toHaveLength(3);
  }, 60_000);
});
