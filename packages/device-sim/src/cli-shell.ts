import { connectionTypeOf } from '@fleetport/contract';
import type { RouterState } from './router-state.ts';

/** The router's command line as the CLI access tab meets it: one line in, its output back. */

const HELP = `Commands:
  help                    this list
  show version            firmware, model and serial number
  show interface          interfaces and addresses
  show cellular           modem, SIMs and signal
  show uptime             time since boot
  show config             the running configuration (XML)
  show log [n]            the last n syslog lines (20)
  ping <host> [-c n]      ICMP echo (4 probes)
  uci get <config.option> read one configuration value`;

export type Wait = (ms: number) => Promise<void>;

function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${d} days, ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function showInterface(state: RouterState): string {
  const rows = [`lan       192.168.0.1/24       up    ${state.identity.mac}`];
  for (const link of state.links()) {
    const active = link === state.activeLink;
    const addr = active ? `${state.ip()}/${connectionTypeOf(link) === 'cellular' ? 30 : 24}` : '-';
    rows.push(`${link.padEnd(9)} ${addr.padEnd(20)} ${active ? 'up  ' : 'down'}  ${connectionTypeOf(link)}`);
  }
  return ['Interface IP-Address           State Type', ...rows].join('\n');
}

function showCellular(state: RouterState): string {
  if (!state.capabilities.cellular) return '% This model has no cellular modem';
  const id = state.identity;
  const out = [`IMEI: ${id.imei}`];
  for (const slot of [1, 2] as const) {
    const s = state.signal(slot);
    if (!s) continue;
    out.push(
      `SIM${slot}: ICCID ${id.iccid[slot - 1]}  ${s.rat}  RSSI ${s.rssi} dBm  RSRP ${s.rsrp} dBm  RSRQ ${s.rsrq} dB  SINR ${s.sinr} dB`,
    );
  }
  return out.join('\n');
}

async function ping(
  state: RouterState,
  args: string[],
  wait: Wait,
): Promise<{ output: string; exitCode: number }> {
  const host = args.find((a) => !a.startsWith('-'));
  if (!host) return { output: 'usage: ping <host> [-c count]', exitCode: 2 };
  const countArg = args.indexOf('-c');
  const count = Math.min(20, Math.max(1, Number(countArg >= 0 ? args[countArg + 1] : 4) || 4));
  const unreachable = host.endsWith('.invalid') || host.startsWith('10.255.');
  const out = [`PING ${host}: 56 data bytes`];
  const rtts: number[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await wait(1000);
    if (unreachable || state.rng.chance(0.01)) continue;
    const rtt = state.rttMs();
    rtts.push(rtt);
    out.push(`64 bytes from ${host}: seq=${i} ttl=55 time=${rtt} ms`);
  }
  const loss = Math.round(((count - rtts.length) / count) * 100);
  out.push(
    '',
    `--- ${host} ping statistics ---`,
    `${count} packets transmitted, ${rtts.length} packets received, ${loss}% packet loss`,
  );
  if (rtts.length) {
    const avg = rtts.reduce((a, b) => a + b, 0) / rtts.length;
    out.push(`round-trip min/avg/max = ${Math.min(...rtts)}/${avg.toFixed(1)}/${Math.max(...rtts)} ms`);
  }
  return { output: out.join('\n'), exitCode: rtts.length ? 0 : 1 };
}

export async function runCliCommand(
  state: RouterState,
  line: string,
  wait: Wait,
): Promise<{ output: string; exitCode: number }> {
  const words = line.trim().split(/\s+/).filter(Boolean);
  const [first = '', second = '', ...rest] = words;
  const id = state.identity;
  if (!first) return { output: '', exitCode: 0 };
  if (first === 'help' || first === '?') return { output: HELP, exitCode: 0 };
  if (first === 'ping') return ping(state, [second, ...rest].filter(Boolean), wait);
  if (first === 'uci' && second === 'get') {
    const key = rest[0] ?? '';
    const [config = '', option = ''] = key.split(/\.(.*)/s);
    const section = state.status(['uci']).modules.uci?.[config];
    const value = section?.[option] ?? section?.[`${config}.${option}`];
    return value === undefined
      ? { output: `uci: Entry not found`, exitCode: 1 }
      : { output: value, exitCode: 0 };
  }
  if (first === 'show') {
    switch (second) {
      case 'version':
        return {
          output: [
            `Model: ${id.model} (${id.series.name})`,
            `Serial number: ${id.sn}`,
            `Firmware version: ${state.firmwareVersion}`,
            `App version: ${state.appVersion}`,
            `Board type: ${state.capabilities.boardType}`,
            `MAC: ${id.mac}`,
          ].join('\n'),
          exitCode: 0,
        };
      case 'interface':
        return { output: showInterface(state), exitCode: 0 };
      case 'cellular':
        return { output: showCellular(state), exitCode: state.capabilities.cellular ? 0 : 1 };
      case 'uptime':
        return { output: `up ${formatUptime(state.uptimeSeconds())}`, exitCode: 0 };
      case 'config':
        return { output: state.configXml, exitCode: 0 };
      case 'log': {
        const n = Math.min(1000, Math.max(1, Number(rest[0]) || 20));
        return { output: state.syslogLines(n).join('\n'), exitCode: 0 };
      }
    }
  }
  return { output: `% Unknown command: ${line.trim()}. Type "help" for the list.`, exitCode: 127 };
}
