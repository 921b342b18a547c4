import {
  cliCall,
  ErrorCode,
  LIVE_CLOSE_UNAUTHORIZED,
  type LiveClientMessage,
  type LiveServerMessage,
  removeRetirementCall,
  saveRetirementCall,
  setCompanyDisabledCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerCompany, type SignedIn, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import { addUser, defaultRoles } from '../../../test/people.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { claimDevice, TestDevice } from '../../gateway/testing/test-device.ts';
import { ensureSuperAdmin } from '../../modules/accounts/accounts.service.ts';
import { asOwner } from '../../modules/devices/device-test-kit.ts';

/** A browser tab's socket: every message it received, and a way to wait for the next of a type. */
class Tab {
  /** Every message, the ones inside a `batch` frame in order. */
  readonly received: LiveServerMessage[] = [];
  /** The frames as they came (a batch is one). */
  readonly frames: LiveServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      this.frames.push(message);
      if (message.type === 'batch') this.received.push(...message.messages);
      else this.received.push(message);
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }
  /** Opens a socket and, when given a signed ticket header, sends it as the first message. */
  static open(url: string, ticket?: string): Promise<Tab> {
    const socket = new WebSocket(url);
    const tab = new Tab(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        if (ticket !== undefined) tab.send({ type: 'auth', ticket });
        resolve(tab);
      });
      socket.once('error', reject);
    });
  }
  whenClosed() {
    return eventually(async () => this.closed ?? undefined, 8000, 'close');
  }
  send(message: LiveClientMessage) {
    this.socket.send(JSON.stringify(message));
  }
  next<T extends LiveServerMessage['type']>(
    type: T,
    match: (m: Extract<LiveServerMessage, { type: T }>) => boolean = () => true,
  ) {
    return eventually(
      async () =>
        this.received.find(
          (m): m is Extract<LiveServerMessage, { type: T }> => m.type === type && match(m as never),
        ),
      8000,
      type,
    );
  }
}

describe('the live WebSocket', () => {
  let t: TestApp;
  let owner: SignedIn;
  let companyId: number;
  let base: string;
  const sn = 'FPLIVE0000001';
  const mac = '00:11:22:3A:4B:7D';

  beforeAll(async () => {
    const config = testConfig();
    t = await createTestApp({
      config: { ...config, mqtt: { ...config.mqtt, port: 0 } },
      gateway: { presenceDebounceMs: 100, telemetryFlushMs: 50, rpcSweepIntervalMs: 500 },
    });
    ({ companyId } = await registerCompany(t, { companyName: 'Harbour Live', account: 'live@harbour.test' }));
    owner = await signIn(t, 'live@harbour.test');
    await t.deps.gateway!.devices.importDevices([
      { companyId, sn, mac, name: 'Quay router', model: 'R3000-Q' },
    ]);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `${address.replace('http', 'ws')}${t.deps.config.apiPrefix}/ws`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const openAs = (who: SignedIn, lang = 'en') => Tab.open(`${base}?lang=${lang}`, who.headers().ticket!);

  it('refuses a socket without a valid ticket with 4401 and the catalogue code', async () => {
    const tab = await Tab.open(base, 'nonsense');
    expect(await tab.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.SESSION_EXPIRED),
    });
    // Anything but `auth` first is "no credentials".
    const early = await Tab.open(base);
    early.send({ type: 'ping' });
    expect(await early.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.NO_CREDENTIALS),
    });
  });

  it('shows a device coming online and runs CLI lines on it, recorded in the activity log', async () => {
    const tab = await openAs(owner);
    await tab.next('ready');
    // Offline device: the CLI is refused with the catalogue message.
    tab.send({ type: 'cli.open', sn });
    const offline = await tab.next('error');
    expect(offline).toMatchObject({
      code: ErrorCode.DEVICE_OFFLINE_OPERATION,
      msg: 'The device is offline, the operation cannot be performed',
    });

    const endpoint = t.deps.gateway!.endpoint();
    const answer = await claimDevice(endpoint, sn, mac);
    if (answer.type !== 'claimAccepted') throw new Error('claim refused');
    const device = await TestDevice.connect(endpoint, sn, answer.secret);
    device.answerWith((command) => {
      const line = String((command.params as { command?: string }).command);
      return line === 'show version'
        ? { state: 'success', result: { output: 'Fleetport OS 3.2.1', exitCode: 0 } }
        : { state: 'success', result: { output: `unknown command: ${line}`, exitCode: 127 } };
    });
    expect(await tab.next('device.presence', (m) => m.sn === sn && m.online)).toMatchObject({ online: true });

    tab.send({ type: 'cli.open', sn });
    const opened = await tab.next('cli.opened');
    tab.send({ type: 'cli.input', session: opened.session, line: 'show version' });
    tab.send({ type: 'cli.input', session: opened.session, line: 'frobnicate' });
    expect(await tab.next('cli.output', (m) => m.line === 'show version')).toMatchObject({
      output: 'Fleetport OS 3.2.1',
      exitCode: 0,
      code: 0,
    });
    expect(await tab.next('cli.output', (m) => m.line === 'frobnicate')).toMatchObject({
      output: 'unknown command: frobnicate',
      exitCode: 127,
    });
    // Each line went to the device as a `cli` RPC of this session, and its state was pushed live.
    await tab.next('rpc.state', (m) => m.method === 'cli' && m.state === 'success');
    tab.send({ type: 'cli.close', session: opened.session });
    await tab.next('cli.closed');

    const rows = await t.deps.db
      .selectFrom('activity_log')
      .select(['object', 'result_code', 'user_name'])
      .where('call_id', '=', cliCall.id)
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.object)).toEqual([
      `sn=${sn}, cli open`,
      `sn=${sn}, command=show version`,
      `sn=${sn}, command=frobnicate`,
      `sn=${sn}, cli close`,
    ]);
    await device.end();
    tab.socket.close();
  });

  it("keeps another company's events away and answers bad messages in the tab's language", async () => {
    const other = await registerCompany(t, { companyName: 'Other Port', account: 'other@port.test' });
    const stranger = await signIn(t, 'other@port.test');
    const tab = await openAs(stranger, 'cn');
    expect(await tab.next('ready')).toEqual({ type: 'ready', companyId: other.companyId });
    tab.send({ type: 'cli.open', sn });
    expect(await tab.next('error')).toMatchObject({
      code: ErrorCode.DEVICE_NOT_FOUND,
      msg: '设备不存在，请先注册',
    });
    tab.socket.send('not json');
    await eventually(
      async () => tab.received.filter((m) => m.type === 'error').length === 2,
      5000,
      'second error',
    );
    expect(tab.received.at(-1)).toMatchObject({ code: ErrorCode.PARAMETER_ERROR });
    t.deps.hub.publish('device.presence', companyId, { sn, online: false, at: new Date().toISOString() });
    t.deps.hub.publish('device.presence', other.companyId, {
      sn: 'THEIRS01',
      online: true,
      at: new Date().toISOString(),
    });
    await tab.next('device.presence');
    expect(
      tab.received.filter((m) => m.type === 'device.presence').map((m) => (m as { sn: string }).sn),
    ).toEqual(['THEIRS01']);
    tab.socket.close();
  });

  it("sends a job's progress to its company, and a person's own job to that person only", async () => {
    const roles = await defaultRoles(t, companyId);
    const colleagueId = await addUser(owner, { account: 'crane@harbour.test', roleId: roles.operator });
    const colleague = await signIn(t, 'crane@harbour.test');
    const ownerTab = await openAs(owner);
    const colleagueTab = await openAs(colleague);
    await ownerTab.next('ready');
    await colleagueTab.next('ready');
    const progress = { kind: 'exports.devices', state: 'running', done: 5, total: 10 } as const;
    t.deps.hub.publish('job.progress', companyId, { ...progress, id: 1, userId: colleagueId });
    t.deps.hub.publish('job.progress', companyId, { ...progress, id: 2 });
    expect(await colleagueTab.next('job.progress', (m) => m.id === 2)).toMatchObject({ done: 5, total: 10 });
    await ownerTab.next('job.progress', (m) => m.id === 2);
    const ids = (tab: Tab) => tab.received.filter((m) => m.type === 'job.progress').map((m) => m.id);
    expect(ids(colleagueTab)).toEqual([1, 2]);
    expect(ids(ownerTab)).toEqual([2]);
    ownerTab.socket.close();
    colleagueTab.socket.close();
  });

  it("tells every console of the company that its licences changed (the banner refetches), not another company's", async () => {
    const tab = await openAs(owner);
    await tab.next('ready');
    t.deps.hub.publish('licences.changed', companyId + 1_000, {});
    t.deps.hub.publish('licences.changed', companyId, {});
    expect(await tab.next('licences.changed')).toEqual({ type: 'licences.changed' });
    expect(tab.received.filter((m) => m.type === 'licences.changed')).toHaveLength(1);
    tab.socket.close();
  });

  it('ends the command line when the Super Admin retires it (610042) or disables the company (610041)', async () => {
    const sn2 = 'FPLIVE0000002';
    const mac2 = '00:11:22:3A:4B:7E';
    await t.deps.gateway!.devices.importDevices([
      { companyId, sn: sn2, mac: mac2, name: 'Gate router', model: 'R3000-Q' },
    ]);
    const endpoint = t.deps.gateway!.endpoint();
    const claimed = await claimDevice(endpoint, sn2, mac2);
    if (claimed.type !== 'claimAccepted') throw new Error('claim refused');
    const device = await TestDevice.connect(endpoint, sn2, claimed.secret);
    device.answerWith(() => ({ state: 'success', result: { output: 'up 3 days', exitCode: 0 } }));
    const superAdmin = (await ensureSuperAdmin(t.deps))!;
    const admin = asOwner(await signIn(t, superAdmin.account, superAdmin.password), {
      companyId: 0,
      userId: 0,
      account: superAdmin.account,
    });

    const tab = await openAs(owner);
    const idle = await openAs(owner);
    await tab.next('ready');
    await idle.next('ready');
    await eventually(
      async () =>
        (await t.deps.db.selectFrom('device').select('online').where('sn', '=', sn2).executeTakeFirst())
          ?.online === true,
      8000,
      'online',
    );
    tab.send({ type: 'cli.open', sn: sn2 });
    const opened = await tab.next('cli.opened', (m) => m.sn === sn2);

    // Retired from today: the open terminal's next line and a new terminal are refused; the socket stays.
    const retired = await admin.run(saveRetirementCall, {
      feature: 'remoteCli',
      retireAt: t.clock.now().getTime(),
    });
    expect(retired.code).toBe(0);
    tab.send({ type: 'cli.input', session: opened.session, line: 'uptime' });
    expect(await tab.next('error', (m) => m.session === opened.session)).toMatchObject({
      code: ErrorCode.FEATURE_RETIRED,
      msg: 'This feature has been retired and is no longer available',
    });
    tab.send({ type: 'cli.open', sn: sn2 });
    expect(
      await tab.next('error', (m) => m.session === undefined && m.code === ErrorCode.FEATURE_RETIRED),
    ).toBeTruthy();
    expect(tab.closed).toBeNull();

    // Brought back, the same terminal runs again.
    expect((await admin.run(removeRetirementCall, { feature: 'remoteCli' })).code).toBe(0);
    tab.send({ type: 'cli.input', session: opened.session, line: 'uptime' });
    expect(await tab.next('cli.output', (m) => m.session === opened.session)).toMatchObject({
      output: 'up 3 days',
      code: 0,
    });

    // The company disabled: the socket closes with 610041 (the console signs out, as after a call), and
    // the next line never reaches the router. The line may be answered 610041 first, or the registry's
    // company check (each second) may close the socket before the line is read.
    const outputs = () => tab.received.filter((m) => m.type === 'cli.output').length;
    const before = outputs();
    expect((await admin.run(setCompanyDisabledCall, { companyId, disabled: true })).code).toBe(0);
    tab.send({ type: 'cli.input', session: opened.session, line: 'uptime' });
    expect(await tab.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.COMPANY_DISABLED),
    });
    // A console with no terminal closes too.
    expect(await idle.whenClosed()).toEqual({
      code: LIVE_CLOSE_UNAUTHORIZED,
      reason: String(ErrorCode.COMPANY_DISABLED),
    });
    expect(outputs()).toBe(before);
    const lastError = tab.received.filter((m) => m.type === 'error').at(-1);
    if (lastError?.type === 'error' && lastError.code !== ErrorCode.FEATURE_RETIRED)
      expect(lastError).toMatchObject({
        code: ErrorCode.COMPANY_DISABLED,
        msg: 'This company has been disabled by the platform administrator',
      });
    // The log reads open, the lines (a refused one with its code), close.
    const rows = await eventually(
      async () => {
        const found = await t.deps.db
          .selectFrom('activity_log')
          .select(['object', 'result_code'])
          .where('call_id', '=', cliCall.id)
          .where('object', 'like', `sn=${sn2},%`)
          .orderBy('id')
          .execute();
        return found.at(-1)?.object === `sn=${sn2}, cli close` ? found : undefined;
      },
      8000,
      'cli close recorded',
    );
    const logged = rows.map((r) => [(r.object ?? '').replace(`sn=${sn2}, `, ''), r.result_code]);
    expect(logged.slice(0, 3)).toEqual([
      ['cli open', 0],
      ['command=uptime', ErrorCode.FEATURE_RETIRED],
      ['command=uptime', 0],
    ]);
    expect(logged.at(-1)).toEqual(['cli close', 0]);
    for (const line of logged.slice(3, -1))
      expect(line).toEqual(['command=uptime', ErrorCode.COMPANY_DISABLED]);
    expect((await admin.run(setCompanyDisabledCall, { companyId, disabled: false })).code).toBe(0);
    await device.end();
  });
});
