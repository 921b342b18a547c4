import net from 'node:net';
import type { HubConnection } from './hub.ts';

/**
 * OpenVPN's management interface over its unix socket: one command, its answer. A multi-line answer
 * (`status`) ends with `END`; a one-line answer starts with `SUCCESS:` or `ERROR:`. Real-time
 * notifications (lines starting with `>`) are skipped.
 */
export function managementCommand(socketPath: string, command: string, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let buffer = '';
    let sent = false;
    const multiLine = command.startsWith('status');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`management: no answer to ${command.split(' ')[0]}`));
    }, timeoutMs);
    const finish = (error: Error | null, answer = '') => {
      clearTimeout(timer);
      socket.end();
      if (error) reject(error);
      else resolve(answer);
    };
    socket.on('error', (error) => finish(error));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\r\n').join('\n').split('\n');
      const answer = lines.filter((line) => line !== '' && !line.startsWith('>'));
      if (!sent) {
        // The banner (">INFO:OpenVPN Management Interface ...") says it is ready.
        if (buffer.includes('>INFO:')) {
          sent = true;
          buffer = '';
          socket.write(`${command}\n`);
        }
        return;
      }
      if (multiLine) {
        if (answer.includes('END')) finish(null, answer.slice(0, answer.indexOf('END')).join('\n'));
      } else {
        const line = answer.find((l) => l.startsWith('SUCCESS:') || l.startsWith('ERROR:'));
        if (line?.startsWith('ERROR:')) finish(new Error(line));
        else if (line) finish(null, line);
      }
    });
  });
}

/**
 * The connections of `status 3` (tab-separated): `CLIENT_LIST`, name, real address, virtual address,
 * virtual IPv6, bytes received (from the member), bytes sent (to the member), connected since,
 * connected since (time_t), ... A member's `bytesOut` is what it sent, `bytesIn` what it received.
 */
export function parseStatus(text: string): HubConnection[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('CLIENT_LIST\t'))
    .map((line) => line.split('\t'))
    .filter((f) => f[1] !== 'UNDEF')
    .map((f) => ({
      commonName: f[1] ?? '',
      realAddress: f[2] ?? '',
      virtualAddress: f[3] ?? '',
      bytesOut: Number(f[5] ?? 0),
      bytesIn: Number(f[6] ?? 0),
      connectedSince: new Date(Number(f[8] ?? 0) * 1000),
    }));
}
