import type { DeviceRow, LiveServerMessage, RemoteAction } from '@fleetport/contract';
import { vi } from 'vitest';
import { stopLive } from '../../api/live.ts';

/** Test-only: a device row as the list call answers it. */
export function deviceRow(sn: string, extra: Partial<DeviceRow> = {}): DeviceRow {
  return {
    sn,
    name: `Router ${sn.slice(-3)}`,
    description: '',
    model: 'R3000-Q',
    series: 'R3000',
    modelType: 'DIRECT',
    firmwareVersion: '3.2.1',
    appVersion: null,
    groupId: null,
    groupName: null,
    tags: [],
    licenceLevel: 'BASE',
    mac: '00:11:22:33:44:55',
    imei: null,
    iccid: null,
    imsi: null,
    ssid: null,
    ip: '10.0.0.2',
    routerId: null,
    networkEnv: null,
    connectionType: null,
    activeLink: 'wan',
    simCount: 1,
    online: false,
    registered: true,
    lastSeenAt: null,
    createdAt: Date.UTC(2026, 0, 2),
    configDrifted: false,
    ...extra,
  };
}

/** Test-only: a remote action the device has answered, as the server reports it. */
export function remoteAction(sn: string, method: string, extra: Partial<RemoteAction> = {}): RemoteAction {
  return {
    rpcId: `rpc-${method}`,
    sn,
    method,
    state: 'success',
    delivered: true,
    result: null,
    error: null,
    createdAt: Date.now(),
    deadline: Date.now() + 60_000,
    ...extra,
  };
}

/** Test-only: the browser's WebSocket, driven by the test (`emit` plays a server message). */
export class FakeSocket {
  static OPEN = 1;
  static sockets: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.sockets.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  emit(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  static last(): FakeSocket {
    const socket = FakeSocket.sockets.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }
}

export function stubLiveSocket() {
  stopLive();
  FakeSocket.sockets = [];
  vi.stubGlobal('WebSocket', FakeSocket);
}
