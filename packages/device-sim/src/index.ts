/** The simulator as a library: virtual routers for tests, benchmarks and the `sim` command. */

export { CaptivePortal, domainMatches } from './captive-portal.ts';
export { applyConfigXml, configSections, factoryConfigXml } from './config-xml.ts';
export {
  type DeviceStats,
  type DeviceStatus,
  SimulatedDevice,
  type SimulatedDeviceOptions,
} from './device.ts';
export { createFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet.ts';
export { type DeviceIdentity, identityOf, importCsv, simulatedSerial } from './identity.ts';
export { testReadSlave } from './modbus-gateway.ts';
export { EndpointPoller, writeFunctionCode } from './modbus-poller.ts';
export {
  DATASHEETS,
  ENDPOINT_KINDS,
  type EndpointKind,
  type ModbusSlave,
  pointTableOf,
  type SlaveFraming,
  startModbusSlave,
  startRegisterImageSlave,
} from './modbus-slaves.ts';
export { type ClaimOptions, ClaimRefusedError, hmacSha256Hex } from './mqtt-link.ts';
export { createRealVpnSite, createUplinkBridge, type RealVpnSite, RealVpnTunnel } from './real-vpn.ts';
export type { Behaviour } from './rpc-context.ts';

import type { SimulatedDeviceOptions } from './device.ts';
import { SimulatedDevice } from './device.ts';

/** Creates a device and powers it on; resolves once it is online. */
export async function createSimulatedDevice(options: SimulatedDeviceOptions): Promise<SimulatedDevice> {
  const device = new SimulatedDevice(options);
  await device.start();
  return device;
}
export { startPhones, visit } from './wifi-clients.ts';
