import { randomUUID } from 'node:crypto';
import {
  type CallDef,
  cliCall,
  ErrorCode,
  errorMessage,
  type Lang,
  LIVE_CLI_TIMEOUT_SECONDS,
  type LiveServerMessage,
} from '@fleetport/contract';
import { findDevice, findDeviceImport } from '../../modules/devices/devices.store.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Session } from '../auth/session.ts';
import { AppError, isAppError } from '../errors.ts';

/** Open CLI sessions of one socket; more than this is a runaway tab. */
const MAX_SESSIONS_PER_SOCKET = 8;
const OBJECT_MAX = 200;

/** The gates of every call (app.ts `admitting`), asked before each line as before each call. */
export type CliAdmit = (call: CallDef, session: Session, lang: Lang) => Promise<void>;

/** Codes after which the console's session is over: the socket closes as a call's answer would sign out. */
const ENDS_SOCKET: ReadonlySet<number> = new Set([ErrorCode.COMPANY_DISABLED]);

interface CliContext {
  deps: AppDeps;
  session: Session;
  lang: Lang;
  remoteAddress: string;
  send(message: LiveServerMessage): void;
  admit: CliAdmit;
  /** Closes the socket with 4401 and the code (its CLI sessions are then recorded as closed). */
  endSocket(code: number): void;
}

/**
 * The CLI sessions of one WebSocket. Each line becomes one `cli` RPC to the device (the protocol's
 * `session` parameter keeps the device shell's state between lines); the answer is sent back as
 * `cli.output`. Opening, every line and closing are written to the activity log under the CLI call's
 * id, so the activity page shows who typed what on which device.
 */
export function cliSessions(ctx: CliContext) {
  const { deps, session } = ctx;
  const open = new Map<string, string>();

  async function record(sn: string, what: string, code: number) {
    try {
      await deps.db
        .insertInto('activity_log')
        .values({
          company_id: session.companyId,
          user_id: session.userId,
          user_name: session.userName,
          login_account: session.loginAccount,
          call_id: cliCall.id,
          object: `sn=${sn}, ${what}`.slice(0, OBJECT_MAX),
          device_sns: [sn],
          remote_address: ctx.remoteAddress,
          result_code: code,
          at: deps.clock.now(),
        })
        .execute();
    } catch {
      // The activity log must never break the terminal; the HTTP recorder logs its failures the same way.
    }
  }

  /**
   * The gates of the CLI call (a disabled company 610041, the command line retired 610042 ...), then
   * the device: it must belong to the session's company and be online now (120052 otherwise).
   */
  async function checkDevice(sn: string) {
    await ctx.admit(cliCall, session, ctx.lang);
    if (!session.funCodes.has(cliCall.permission) && !session.superAdmin)
      throw new AppError(ErrorCode.NO_PERMISSION);
    // An imported device that never connected is the company's too, and simply offline.
    const device = (await findDevice(deps.db, sn)) ?? (await findDeviceImport(deps.db, sn));
    if (!device || Number(device.company_id) !== session.companyId)
      throw new AppError(ErrorCode.DEVICE_NOT_FOUND, sn);
    if (!deps.gateway || !('online' in device) || !device.online)
      throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, sn);
  }

  function refusal(error: unknown, sessionId?: string): LiveServerMessage {
    const code = isAppError(error) ? error.code : ErrorCode.INTERNAL_ERROR;
    const data = isAppError(error) ? error.data : null;
    return {
      type: 'error',
      code,
      msg: errorMessage(code, ctx.lang, data),
      ...(sessionId ? { session: sessionId } : {}),
    };
  }

  async function openSession(sn: string) {
    try {
      if (open.size >= MAX_SESSIONS_PER_SOCKET) throw new AppError(ErrorCode.PARAMETER_ERROR);
      await checkDevice(sn);
      const id = randomUUID();
      open.set(id, sn);
      await record(sn, 'cli open', 0);
      ctx.send({ type: 'cli.opened', session: id, sn });
    } catch (error) {
      ctx.send(refusal(error));
      endIfOver(error);
    }
  }

  function endIfOver(error: unknown) {
    if (isAppError(error) && ENDS_SOCKET.has(error.code)) ctx.endSocket(error.code);
  }

  /** Lines of one terminal run one after another, as on the device's own console, and are logged in order. */
  const lineQueues = new Map<string, Promise<void>>();
  function runLine(sessionId: string, line: string): Promise<void> {
    const next = (lineQueues.get(sessionId) ?? Promise.resolve()).then(() => runLineNow(sessionId, line));
    const settled = next.catch(() => {});
    lineQueues.set(sessionId, settled);
    void settled.then(() => {
      if (lineQueues.get(sessionId) === settled) lineQueues.delete(sessionId);
    });
    return next;
  }

  async function runLineNow(sessionId: string, line: string) {
    const sn = open.get(sessionId);
    if (!sn) return ctx.send(refusal(new AppError(ErrorCode.PARAMETER_ERROR), sessionId));
    let code: number = ErrorCode.SUCCESS;
    try {
      await checkDevice(sn);
      const gateway = deps.gateway;
      if (!gateway) throw new AppError(ErrorCode.DEVICE_OFFLINE_OPERATION, sn);
      const [command] = await gateway.rpc.send({
        companyId: session.companyId ?? 0,
        sns: [sn],
        method: 'cli',
        params: { command: line, session: sessionId },
        deadlineSeconds: LIVE_CLI_TIMEOUT_SECONDS,
      });
      if (!command) throw new AppError(ErrorCode.INTERNAL_ERROR);
      const [row] = await gateway.rpc.waitForResults([command.id], LIVE_CLI_TIMEOUT_SECONDS * 1000 + 2000);
      const result = (row?.result ?? null) as { output?: unknown; exitCode?: unknown } | null;
      const error = (row?.error ?? null) as { message?: unknown } | null;
      const output =
        row?.state === 'success'
          ? String(result?.output ?? '')
          : row?.state === 'failure'
            ? String(error?.message ?? '')
            : errorMessage(ErrorCode.DEVICE_OFFLINE_OPERATION, ctx.lang, sn);
      if (row?.state === 'timeout' || row?.state === 'inExecution') code = ErrorCode.DEVICE_OFFLINE_OPERATION;
      ctx.send({
        type: 'cli.output',
        session: sessionId,
        line,
        output,
        exitCode: typeof result?.exitCode === 'number' ? result.exitCode : row?.state === 'success' ? 0 : 1,
        code,
        msg: code === ErrorCode.SUCCESS ? '' : errorMessage(code, ctx.lang, sn),
      });
    } catch (error) {
      code = isAppError(error) ? error.code : ErrorCode.INTERNAL_ERROR;
      ctx.send(refusal(error, sessionId));
    }
    await record(sn, `command=${line}`, code);
    if (code !== ErrorCode.SUCCESS) endIfOver(new AppError(code));
  }

  async function closeSession(sessionId: string) {
    // Lines typed before the close finish first, so the log reads open, lines, close.
    await lineQueues.get(sessionId);
    const sn = open.get(sessionId);
    if (!sn) return;
    open.delete(sessionId);
    await record(sn, 'cli close', 0);
    ctx.send({ type: 'cli.closed', session: sessionId });
  }

  return {
    openSession,
    runLine,
    closeSession,
    /** The socket went away: every session it held ends (and is recorded as ended). */
    async closeAll() {
      for (const [id, sn] of [...open]) {
        open.delete(id);
        await record(sn, 'cli close', 0);
      }
    },
  };
}
