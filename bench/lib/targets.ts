import { Worker } from 'node:worker_threads';
import type { TargetOptions } from './http-target.ts';

export interface RunningTarget {
  baseUrl: string;
  close(): Promise<void>;
}

/** Starts a server under test in its own thread and waits until it listens. */
export async function startTarget(options: TargetOptions): Promise<RunningTarget> {
  const worker = new Worker(new URL('./ts-worker.mjs', import.meta.url), {
    workerData: { ...options, entry: new URL('./http-target.ts', import.meta.url).href },
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (message: { port: number }) => resolve(message.port));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the ${options.kind} target exited with code ${code}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await worker.terminate();
    },
  };
}
