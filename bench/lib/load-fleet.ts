import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { LoadCommand, LoadReply } from './gateway-load.ts';

/**
 * The device fleet of the gateway benchmarks: load processes (bench/lib/gateway-load.ts) holding bare
 * MQTT connections, each told what to do over IPC.
 */
export function startLoadProcesses(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    fork(path.join(import.meta.dirname, 'gateway-load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    }),
  );
}

export function ask(worker: ChildProcess, command: LoadCommand): Promise<LoadReply> {
  return new Promise((resolve) => {
    worker.once('message', (reply: LoadReply) => resolve(reply));
    worker.send(command);
  });
}
