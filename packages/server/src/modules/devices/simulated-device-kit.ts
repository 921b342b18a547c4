import {
  addDeviceCall,
  getDeviceCall,
  type RemoteAction,
  remoteActionStatesCall,
  type SeriesId,
} from '@fleetport/contract';
// biome-ignore lint/style/noRestrictedImports: a test kit, which the rule allows ("outside tests"): real simulated routers answer.
import { createSimulatedDevice, identityOf, type SimulatedDevice } from '@fleetport/device-sim';
import { expect } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../../test/helpers.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import type { Owner } from './device-test-kit.ts';

/**
 * For API tests whose devices answer for real: a test app with its MQTT gateway on a free port and
 * simulated routers that claim themselves over it.
 */
export interface SimulatedFleet {
  t: TestApp;
  /** The routers powered on so far, in the order they connected. */
  devices: SimulatedDevice[];
  /** Adds the device through the API with its label MAC, then powers on a simulated router that claims itself. */
  connect(
    owner: Owner,
    sn: string,
    series: SeriesId,
    model: string,
    /** The router's own settings beside the kit's (a VPN tunnel's rate, say). */
    extra?: Partial<SimulatedDevice['options']>,
  ): Promise<SimulatedDevice>;
  /** Powers the routers off and closes the app. */
  close(): Promise<void>;
}

export async function startSimulatedFleet(
  /** Also run a job worker (areas whose work goes through the queue: zero-touch provisioning). */
  options: {
    /** `manual`: a worker the test runs itself (`runDueJobs`), so nothing runs behind its back. */
    jobs?: boolean | 'manual';
    /** Run the platform's local VPN hub (root, openvpn), listening for tunnels at `publicHost`. */
    vpnHub?: { publicHost: string; portBase: number };
    /** AUTOMATED_TEST_MODE: outgoing POSTs may reach loopback (a test's own HTTP receiver). */
    automatedTestMode?: boolean;
  } = {},
): Promise<SimulatedFleet> {
  const base = testConfig();
  const t = await createTestApp({
    config: {
      ...base,
      mqtt: { ...base.mqtt, port: 0 },
      ...(options.automatedTestMode ? { automatedTestMode: true } : {}),
      ...(options.vpnHub ? { vpn: { ...base.vpn, ...options.vpnHub } } : {}),
    },
    ...(options.vpnHub ? { vpnHub: true } : {}),
    // Quick presence, telemetry and timeout sweeps so a test sees the device's answers within seconds.
    gateway: { presenceDebounceMs: 100, telemetryFlushMs: 50, rpcSweepIntervalMs: 500 },
    ...(options.jobs === 'manual'
      ? { jobs: { manual: true } }
      : options.jobs
        ? { jobs: { pollMs: 100 } }
        : {}),
  });
  const devices: SimulatedDevice[] = [];
  return {
    t,
    devices,
    async connect(owner, sn, series, model, extra = {}) {
      const added = await owner.run(addDeviceCall, { sn, model, mac: identityOf(sn, series, model).mac });
      expect(added.code).toBe(0);
      const device = await createSimulatedDevice({
        sn,
        series,
        model,
        url: (t.deps.gateway as Gateway).endpoint(),
        claim: true,
        timeScale: 0.01,
        telemetryPeriodMs: 3_600_000,
        ...extra,
      });
      devices.push(device);
      await eventually(
        async () => (await owner.run(getDeviceCall, { sn })).data?.online,
        10_000,
        `${sn} online`,
      );
      return device;
    },
    async close() {
      for (const device of devices) await device.stop();
      await t.close();
    },
  };
}

/** Follows a remote action as the console does until it is final. */
export function finalAction(owner: Owner, rpcId: string): Promise<RemoteAction> {
  return eventually(
    async () => {
      const [row] = (await owner.run(remoteActionStatesCall, { rpcIds: [rpcId] })).data ?? [];
      return row && row.state !== 'inExecution' ? row : undefined;
    },
    10_000,
    `rpc ${rpcId}`,
  );
}
