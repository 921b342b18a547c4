import { createHash } from 'node:crypto';
import {
  CROSS_VERSION_FIRMWARE,
  compareVersions,
  type DeviceEvent,
  UPDATE_ERROR,
  type UpdateState,
  updateErrorText,
} from '@fleetport/contract';
import { type RpcContext, RpcFailure } from './rpc-context.ts';
import type { Handlers } from './rpc-handlers.ts';

/** Firmware and app changes: with the configuration (config-handlers.ts), the parts of a zero-touch template. */

type Progress = Extract<DeviceEvent, { name: 'updateProgress' }>;

const major = (v: string) => v.split('.')[0];

export function fail(code: number): RpcFailure {
  return new RpcFailure(code, updateErrorText(code)?.en ?? 'Update failed');
}

function reporter(ctx: RpcContext, base: Omit<Progress, 'name' | 'rpcId' | 'state'>) {
  return (state: Exclude<UpdateState, 'timeout'>, extra: Partial<Progress> = {}) =>
    ctx.publish('event', {
      type: 'event',
      ts: Date.now(),
      event: { name: 'updateProgress', rpcId: ctx.rpcId, state, ...base, ...extra },
    });
}

/** Takes the misbehaviour switch "fail the next update with code N", once. */
export function takeForcedFailure(ctx: RpcContext): number | null {
  const code = ctx.behaviour.failNextUpdateWith;
  ctx.behaviour.failNextUpdateWith = null;
  return code;
}

/** Download and flash with progress; throws the update error the device would report. */
async function download(
  ctx: RpcContext,
  p: { url: string; sha256: string; size: number; expiresAt: number },
  report: ReturnType<typeof reporter>,
): Promise<void> {
  const forced = takeForcedFailure(ctx);
  if (p.expiresAt < Date.now()) throw fail(UPDATE_ERROR.downloadFailed);
  if (p.size > ctx.state.capabilities.flashMb * 1024 * 1024 * 0.5)
    throw fail(UPDATE_ERROR.insufficientMemory);
  if (ctx.transfers) {
    const body = await fetchResuming(ctx, p.url, p.size, (got) =>
      report('updating', { percent: Math.min(90, Math.floor((got / p.size) * 90)) }),
    );
    const digest = createHash('sha256').update(body).digest('hex');
    if (body.length !== p.size || digest !== p.sha256) throw fail(UPDATE_ERROR.checkFailed);
  }
  // About 1 MB/s over a cellular link, between 2 and 60 s.
  const totalMs = Math.min(60_000, Math.max(2000, p.size / 1000));
  for (const percent of [0, 20, 40, 60, 80, 100]) {
    if (forced !== null && percent === 60) throw fail(forced);
    report('updating', { percent });
    if (percent < 100) await ctx.wait(totalMs / 5);
  }
}

/** How many times a broken download is resumed before the update fails with code 2. */
const DOWNLOAD_ATTEMPTS = 5;

/**
 * Downloads the whole file, resuming a broken transfer with `Range: bytes=<got>-` (a 206 answer
 * continues it; a 200 starts over). The switch `interruptDownloadAfterBytes` breaks the first transfer.
 */
async function fetchResuming(
  ctx: RpcContext,
  url: string,
  size: number,
  onBytes: (got: number) => void,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let got = 0;
  let cut = ctx.behaviour.interruptDownloadAfterBytes;
  ctx.behaviour.interruptDownloadAfterBytes = null;
  for (let attempt = 0; attempt < DOWNLOAD_ATTEMPTS && got < size; attempt++) {
    const headers: Record<string, string> = got > 0 ? { range: `bytes=${got}-` } : {};
    const res = await fetch(url, { headers }).catch(() => null);
    if (!res || !(res.status === 200 || res.status === 206) || !res.body) continue;
    if (res.status === 200 && got > 0) {
      chunks.length = 0;
      got = 0;
    }
    ctx.state.log('info', 'updater', `download from byte ${got} (HTTP ${res.status})`);
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let part = value;
        if (cut !== null && got + part.length >= cut) {
          part = part.subarray(0, cut - got);
          chunks.push(part);
          got += part.length;
          cut = null;
          await reader.cancel();
          break;
        }
        chunks.push(part);
        got += part.length;
        onBytes(got);
      }
    } catch {
      // A broken transfer: the next attempt resumes from `got`.
    }
  }
  if (got < size) throw fail(UPDATE_ERROR.downloadFailed);
  const body = new Uint8Array(got);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.length;
  }
  return body;
}

/** The switch "hang": the update never reports again and never replies. */
async function hangIfAsked(ctx: RpcContext): Promise<void> {
  if (!ctx.behaviour.hangUpdates) return;
  await new Promise<never>(() => {});
}

async function reportingFailure<T>(report: ReturnType<typeof reporter>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RpcFailure) report('failure', { errorCode: error.code });
    throw error;
  }
}

export const UPDATE_HANDLERS: Pick<Handlers, 'firmwareInstall' | 'appInstall' | 'appUninstall' | 'appList'> =
  {
    async firmwareInstall(ctx, p) {
      const state = ctx.state;
      const report = reporter(ctx, { target: 'firmware', version: p.version });
      ctx.acknowledge();
      report('pending');
      await hangIfAsked(ctx);
      return reportingFailure(report, async () => {
        if (major(p.version) !== major(state.firmwareVersion)) throw fail(UPDATE_ERROR.upgradeAcrossVersions);
        if (
          compareVersions(state.firmwareVersion, CROSS_VERSION_FIRMWARE) < 0 &&
          compareVersions(p.version, CROSS_VERSION_FIRMWARE) > 0
        )
          throw fail(UPDATE_ERROR.needsFirmware522);
        await download(ctx, p, report);
        state.stagedFirmware = p.version;
        if (p.timing === 'updateOnly') {
          report('success');
          return { version: p.version, activeAfterReboot: true };
        }
        report('rebooting');
        // A new image that does not boot: the bootloader starts the old one again.
        if (ctx.behaviour.fallBackOnReboot) state.stagedFirmware = null;
        await ctx.reboot('update');
        report('success');
        return { version: state.firmwareVersion, activeAfterReboot: false };
      });
    },

    async appInstall(ctx, p) {
      const state = ctx.state;
      const report = reporter(ctx, { target: 'app', version: p.version, packageName: p.packageName });
      ctx.acknowledge();
      report('pending');
      await hangIfAsked(ctx);
      return reportingFailure(report, async () => {
        await download(ctx, p, report);
        state.apps = [
          ...state.apps.filter((a) => a.packageName !== p.packageName),
          { packageName: p.packageName, name: p.name, version: p.version, sizeKb: Math.ceil(p.size / 1024) },
        ];
        state.log('notice', 'appd', `installed ${p.packageName} ${p.version}`);
        report('success');
        ctx.publish('hello', state.hello());
        return { packageName: p.packageName, version: p.version };
      });
    },

    async appUninstall(ctx, p) {
      const state = ctx.state;
      const app = state.apps.find((a) => a.packageName === p.packageName);
      if (!app) throw fail(UPDATE_ERROR.appNotInstalled);
      const forced = takeForcedFailure(ctx);
      if (forced !== null) throw fail(forced);
      await ctx.wait(1500);
      state.apps = state.apps.filter((a) => a !== app);
      ctx.publish('hello', state.hello());
      return { packageName: p.packageName };
    },

    /** What `opkg list-installed` and the service manager say, together. */
    async appList(ctx) {
      await ctx.wait(200);
      return {
        apps: ctx.state.apps.map((a) => ({
          packageName: a.packageName,
          name: a.name,
          version: a.version,
          state: a.stopped ? ('stopped' as const) : ('running' as const),
          ...(a.sizeKb === undefined ? {} : { sizeKb: a.sizeKb }),
        })),
      };
    },
  };
