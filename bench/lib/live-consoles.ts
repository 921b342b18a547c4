/**
 * The live fan-out benchmark's consoles (bench/live-fanout.ts), in a worker thread of their own: the
 * browsers that would be on other machines. Kept off the thread that measures GET /api/health, so
 * reading 2,000 sockets' frames does not delay the answers being timed. On `{ open: { port, sessions,
 * count } }` it opens `count` sockets, each authenticated by its first message, and posts 'ready';
 * 'reset' zeroes the counters, 'count' posts `{ frames, bytes }`, 'close' ends the sockets.
 */
import { parentPort } from 'node:worker_threads';
import { LIVE_PATH } from '@fleetport/contract';
import WebSocket from 'ws';
import { signTicket } from '../../packages/server/src/platform/auth/ticket.ts';
import { loadConfig } from '../../packages/server/src/platform/config.ts';

const { apiPrefix } = loadConfig({} as NodeJS.ProcessEnv);
const sockets: WebSocket[] = [];
const counts = { frames: 0, bytes: 0 };

interface Open {
  port: number;
  sessions: { ticket: string; key: string }[];
  count: number;
}

async function open({ port, sessions, count }: Open) {
  const ready: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const { ticket, key } = sessions[i % sessions.length]!;
    const socket = new WebSocket(`ws://127.0.0.1:${port}${apiPrefix}${LIVE_PATH}?lang=en`);
    sockets.push(socket);
    ready.push(
      new Promise((resolve, reject) => {
        socket.once('open', () =>
          socket.send(JSON.stringify({ type: 'auth', ticket: signTicket(ticket, key, Date.now()) })),
        );
        socket.on('message', (data: Buffer) => {
          counts.frames++;
          counts.bytes += data.length;
          if (data.includes('"ready"')) resolve();
        });
        socket.once('close', (code) => reject(new Error(`console socket closed with ${code}`)));
        socket.once('error', reject);
      }),
    );
    // A few at a time, as consoles open over a while, not in one tick.
    if (i % 100 === 99) await Promise.all(ready.slice(-100));
  }
  await Promise.all(ready);
}

parentPort?.on('message', async (message: 'reset' | 'count' | 'close' | { open: Open }) => {
  if (message === 'reset') {
    counts.frames = 0;
    counts.bytes = 0;
  } else if (message === 'count') parentPort?.postMessage({ ...counts });
  else if (message === 'close') {
    for (const socket of sockets) {
      socket.removeAllListeners('close');
      socket.terminate();
    }
    parentPort?.postMessage('closed');
  } else {
    await open(message.open);
    parentPort?.postMessage('ready');
  }
});
