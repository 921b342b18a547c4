import { type ChildProcess, fork } from 'node:child_process';

/**
 * Clients in child processes. A process may hold at most `ulimit -n` sockets (20,000 on these
 * machines, and raising it needs root), so 10,000 routers and the 10,000 server ends they connect to
 * cannot live in one process: the benchmark's own clients run in children, the server (or the bare
 * broker) in the benchmark's process. The children also get cores of their own, as real devices would.
 */

export type ChildFleetJob =
  | {
      kind: 'routers';
      url: string;
      devices: { sn: string; secret: string }[];
      timeScale: number;
      telemetryPeriodMs: number;
      rebootSeconds: number;
    }
  | { kind: 'answerers'; url: string; first: number; count: number };

export interface ChildFleet {
  stop(): Promise<void>;
}

/** Starts the job in `children` processes (the clients split evenly) and resolves once all are connected. */
export async function startChildFleet(job: ChildFleetJob, children = 2): Promise<ChildFleet> {
  const parts = split(job, children);
  const started: ChildProcess[] = [];
  try {
    await Promise.all(
      parts.map(async (part) => {
        const child = fork(new URL('./child-fleet-main.ts', import.meta.url), [], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        });
        started.push(child);
        await new Promise<void>((resolve, reject) => {
          child.once('message', (message: { ready?: boolean; error?: string }) =>
            message.ready ? resolve() : reject(new Error(message.error ?? 'child fleet failed')),
          );
          child.once('exit', (code) => reject(new Error(`child fleet exited with ${code}`)));
          child.send(part);
        });
      }),
    );
  } catch (error) {
    for (const child of started) child.kill('SIGKILL');
    throw error;
  }
  return {
    async stop() {
      await Promise.all(
        started.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.send({ stop: true });
            }),
        ),
      );
    },
  };
}

function split(job: ChildFleetJob, children: number): ChildFleetJob[] {
  if (job.kind === 'routers') {
    const per = Math.ceil(job.devices.length / children);
    return Array.from({ length: children }, (_, i) => ({
      ...job,
      devices: job.devices.slice(i * per, (i + 1) * per),
    })).filter((part) => part.devices.length > 0);
  }
  const per = Math.ceil(job.count / children);
  return Array.from({ length: children }, (_, i) => ({
    ...job,
    first: job.first + i * per,
    count: Math.max(0, Math.min(per, job.count - i * per)),
  })).filter((part) => part.count > 0);
}
