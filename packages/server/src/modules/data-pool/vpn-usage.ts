import type { TelemetryMessage } from '@fleetport/contract';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db/open.ts';
import type { LiveHub } from '../../platform/live/hub.ts';
import { type CounterRow, lockCounter, saveCounter } from './data-pool.store.ts';
import { announce, drawFromPool } from './pool-draw.ts';

export interface VpnUsageDeps {
  db: Db;
  clock: Clock;
  hub: LiveHub;
}

/** Whether `message` comes after the sample the counters hold (a resend or a late message does not). */
function isNewer(last: CounterRow, message: TelemetryMessage): boolean {
  const ts = message.ts;
  if (ts !== last.ts.getTime()) return ts > last.ts.getTime();
  return message.uptimeSeconds > last.uptimeSeconds || message.seq > last.seq;
}

/**
 * The VPN traffic of one telemetry message (docs/device-protocol.md "telemetry", `vpn`): the counters
 * count since boot, so the traffic is the difference to the device's last sample, or the whole counter
 * after a reboot (uptime or a counter went down). Counted once per message: the device's counter row
 * is locked and moved forward in the transaction that draws, so a resend (same `ts`, `uptimeSeconds`,
 * `seq`), a late message or two nodes handling the same message draw nothing the second time.
 */
export async function recordVpnUsage(
  deps: VpnUsageDeps,
  sn: string,
  companyId: number,
  message: TelemetryMessage,
): Promise<void> {
  const vpn = message.vpn;
  if (!vpn) return;
  const settled = await inTransaction(deps.db, async (tx) => {
    const last = await lockCounter(tx, sn, companyId);
    if (!isNewer(last, message)) return null;
    const rebooted =
      message.uptimeSeconds < last.uptimeSeconds || vpn.rxBytes < last.rxBytes || vpn.txBytes < last.txBytes;
    const bytes = rebooted
      ? vpn.rxBytes + vpn.txBytes
      : vpn.rxBytes - last.rxBytes + (vpn.txBytes - last.txBytes);
    await saveCounter(tx, sn, {
      companyId,
      ts: new Date(message.ts),
      uptimeSeconds: message.uptimeSeconds,
      seq: message.seq,
      rxBytes: vpn.rxBytes,
      txBytes: vpn.txBytes,
    });
    if (bytes <= 0) return null;
    // The cloud's clock, not the device's, starts an item's days and files the day's traffic.
    return drawFromPool(tx, companyId, bytes, { sn, at: deps.clock.now(), clock: deps.clock });
  });
  if (settled) announce(deps.hub, settled);
}
