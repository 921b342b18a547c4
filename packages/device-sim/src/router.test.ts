import { TelemetryMessageSchema } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { runCliCommand } from './cli-shell.ts';
import { applyConfigXml, configSections } from './config-xml.ts';
import { identityOf } from './identity.ts';
import { RouterState } from './router-state.ts';

const noWait = async () => {};
const router = (series: Parameters<typeof identityOf>[1] = 'r5020') =>
  new RouterState(identityOf(`T-${series}-1`, series), 120);

describe('the simulated command line', () => {
  it('answers help, show version, show interface and ping like a router', async () => {
    const r = router();
    expect((await runCliCommand(r, 'help', noWait)).output).toContain('show interface');
    expect((await runCliCommand(r, 'show version', noWait)).output).toMatch(/Firmware version: 5\.3\.0/);
    const iface = await runCliCommand(r, 'show interface', noWait);
    expect(iface.output).toContain(`${r.activeLink}`);
    expect(iface.output).toContain('192.168.0.1/24');
    const ping = await runCliCommand(r, 'ping 8.8.8.8 -c 3', noWait);
    expect(ping.output).toMatch(/3 packets transmitted, [23] packets received/);
    const lost = await runCliCommand(r, 'ping host.invalid -c 2', noWait);
    expect(lost).toMatchObject({ exitCode: 1 });
    expect(lost.output).toContain('100% packet loss');
    expect(await runCliCommand(r, 'uci get network.lan.ipaddr', noWait)).toEqual({
      output: '192.168.0.1',
      exitCode: 0,
    });
    expect(await runCliCommand(r, 'format flash', noWait)).toMatchObject({ exitCode: 127 });
  });
});

describe('the simulated configuration', () => {
  it('has the sections its hardware calls for', () => {
    const eg = configSections(router('eg5100').configXml);
    expect(eg?.has('network')).toBe(true);
    expect(router('eg5100').configXml).toContain('<pppoe_bridge');
    expect(router('eg5100').configXml).not.toContain('<ip_passthrough');
    expect(router('r1500').configXml).not.toContain('<wifi');
    expect(router('r5020').configXml).toContain('<wireguard');
  });

  it('merges a partial configuration by section and rejects what is not one', () => {
    const r = router('r2000');
    const merged = applyConfigXml(
      r.configXml,
      '<config><services><ssh enabled="false"/></services></config>',
      'merge',
    );
    expect(merged).toContain('<ssh enabled="false"/>');
    expect(merged).toContain('<lan>');
    // Only the section sent is replaced: the rest of its group stays (docs/device-protocol.md §7.5).
    expect(merged).toContain('<web_server http_port="80" https_port="443"></web_server>');
    expect(merged).not.toContain('<ssh enabled="true" port="22">');
    expect(applyConfigXml(r.configXml, 'not xml', 'merge')).toBeNull();
  });
});

describe('simulated telemetry', () => {
  it('walks within realistic bounds and counts bytes up', () => {
    const r = router('r3000');
    let last = r.sample(60);
    for (let i = 0; i < 500; i++) {
      const next = r.sample(60);
      expect(TelemetryMessageSchema.safeParse(next).success).toBe(true);
      for (const s of next.signal) {
        expect(s.rsrp).toBeGreaterThanOrEqual(-125);
        expect(s.rsrp).toBeLessThanOrEqual(-70);
      }
      expect(next.usage.find((u) => u.link === r.activeLink)?.rxBytes).toBeGreaterThan(
        last.usage.find((u) => u.link === r.activeLink)?.rxBytes ?? 0,
      );
      expect(next.seq).toBe(last.seq + 1);
      last = next;
    }
    const rsrps = new Set(Array.from({ length: 20 }, () => r.sample(60).signal[0]?.rsrp));
    expect(rsrps.size).toBeGreaterThan(5);
  });

  it('reports a pinned temperature until it is let go (the loopback control for alert rules)', () => {
    const r = router('r3000');
    r.pinResource('temperature', 85);
    for (let i = 0; i < 5; i++) expect(r.sample(60).temperatureC).toBe(85);
    r.pinResource('temperature', null);
    const free = Array.from({ length: 5 }, () => r.sample(60).temperatureC);
    expect(free.every((v) => v !== undefined && v <= 70)).toBe(true);
  });
  it('reports a pinned RSRP and SIM 1 signal until let go, and traffic added to a link (loopback controls)', () => {
    const r = router('r3000');
    r.pinSignal(1, { rsrp: -121, sinr: -3 });
    for (let i = 0; i < 5; i++) {
      const sim1 = TelemetryMessageSchema.parse(r.sample(60)).signal.find((s) => s.sim === 1);
      expect(sim1).toMatchObject({ rsrp: -121, rssi: -93, sinr: -3 });
    }
    r.pinSignal(1, null);
    const free = new Set(
      Array.from({ length: 10 }, () => r.sample(60).signal.find((s) => s.sim === 1)?.rsrp),
    );
    expect(free.size).toBeGreaterThan(1);
    const before = r.sample(60).usage.find((u) => u.link === 'cellular1')!.rxBytes;
    r.addTraffic('cellular1', 600 * 1024 * 1024);
    const after = r.sample(60).usage.find((u) => u.link === 'cellular1')!.rxBytes;
    expect(after - before).toBeGreaterThanOrEqual(600 * 1024 * 1024);
  });
});

describe('the simulated VPN tunnel', () => {
  it('reports its counters since boot in telemetry only while it has a tunnel, and restarts them at boot', () => {
    const plain = router();
    expect(plain.sample(60).vpn).toBeUndefined();
    const r = router();
    r.vpnBytesPerSecond = 1000;
    const first = TelemetryMessageSchema.parse(r.sample(60));
    expect(first.vpn).toEqual({ rxBytes: 45_000, txBytes: 15_000 });
    expect(r.sample(60).vpn).toEqual({ rxBytes: 90_000, txBytes: 30_000 });
    r.boot();
    expect(r.sample(60).vpn).toEqual({ rxBytes: 45_000, txBytes: 15_000 });
  });
});
