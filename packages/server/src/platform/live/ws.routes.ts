import websocket from '@fastify/websocket';
import {
  ErrorCode,
  errorMessage,
  LIVE_AUTH_TIMEOUT_MS,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_PATH,
  type LiveClientMessage,
  LiveClientMessageSchema,
  type LiveServerMessage,
  langFromHeader,
} from '@fleetport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { Session } from '../auth/session.ts';
import { isAppError } from '../errors.ts';
import { type CliAdmit, cliSessions } from './cli-sessions.ts';
import { createLiveSockets } from './live-sockets.ts';

/**
 * What the composition root lends the socket: the gates every call passes (a disabled company
 * 610041, a retired feature 610042, the access window, the maintenance lock), which the command
 * line passes too, and the company check that closes a disabled company's sockets.
 */
export interface LiveGates {
  admit?: CliAdmit;
  companyRefusal?: (companyId: number) => Promise<number | null>;
}

/** Who may watch the fleet live: anyone who may see the device list. */
const VIEW_PERMISSION = 'devices.view';

/**
 * `GET {apiPrefix}/ws`: the console's live WebSocket (contract `live.ts`). The first message carries
 * the signed ticket header and is checked by the same resolver as every call (the URL carries none,
 * so no ticket reaches an access log); a refused ticket, or none within LIVE_AUTH_TIMEOUT_MS, closes
 * the socket with 4401 and the catalogue code as the reason, so the console can react as to a call.
 * Once accepted, the socket joins the node's registry (live-sockets.ts), which closes it when the
 * session ends and coalesces device updates.
 */
export async function registerLiveSocket(
  app: FastifyInstance,
  deps: AppDeps,
  prefix: string,
  gates: LiveGates = {},
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const sockets = createLiveSockets({
    db: deps.db,
    clock: deps.clock,
    hub: deps.hub,
    log: app.log,
    ...(gates.companyRefusal ? { companyRefusal: gates.companyRefusal } : {}),
  });
  app.addHook('onClose', async () => sockets.stop());
  app.get(`${prefix}${LIVE_PATH}`, { websocket: true }, (socket, request) => {
    const query = request.query as Record<string, string | undefined>;
    const lang = langFromHeader(query.lang ?? request.headers.language);
    const send = (message: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const refuse = (code: number) => {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(LIVE_CLOSE_UNAUTHORIZED, String(code));
    };
    // Messages arriving while the ticket is checked are kept, not dropped.
    const early: string[] = [];
    let handle: ((raw: string) => void) | null = null;
    let authenticating = false;
    const authTimer = setTimeout(() => refuse(ErrorCode.NO_CREDENTIALS), LIVE_AUTH_TIMEOUT_MS);
    socket.on('message', (data) => {
      const raw = data.toString();
      if (handle) handle(raw);
      else if (authenticating) early.push(raw);
      else {
        authenticating = true;
        authenticate(raw);
      }
    });
    let cleanup = () => {};
    socket.on('close', () => {
      clearTimeout(authTimer);
      cleanup();
    });

    function authenticate(raw: string) {
      const first = parseClientMessage(raw);
      if (first?.type !== 'auth') {
        refuse(ErrorCode.NO_CREDENTIALS);
        return;
      }
      deps.sessions
        .resolve({ ...request, headers: { ...request.headers, ticket: first.ticket } } as FastifyRequest)
        .then((session) => {
          clearTimeout(authTimer);
          if (socket.readyState !== socket.OPEN) return;
          attach(session);
        })
        .catch((error: unknown) => refuse(isAppError(error) ? error.code : ErrorCode.SESSION_EXPIRED));
    }

    function attach(session: Session) {
      const cli = cliSessions({
        deps,
        session,
        lang,
        remoteAddress: request.ip,
        send,
        admit: gates.admit ?? (async () => {}),
        // A refusal that ends the console's session (610041, a disabled company) ends the socket too.
        endSocket: (code) => refuse(code),
      });
      const forget = sockets.add({
        session,
        watchesDevices: session.superAdmin || session.funCodes.has(VIEW_PERMISSION),
        sendFrame: (frame) => {
          if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
        },
        close: (code, reason) => socket.close(code, reason),
      });
      cleanup = () => {
        forget();
        void cli.closeAll();
      };
      handle = (raw) => {
        const message = parseClientMessage(raw);
        if (!message) {
          send({
            type: 'error',
            code: ErrorCode.PARAMETER_ERROR,
            msg: errorMessage(ErrorCode.PARAMETER_ERROR, lang),
          });
          return;
        }
        if (message.type === 'ping') send({ type: 'pong' });
        else if (message.type === 'cli.open') void cli.openSession(message.sn);
        else if (message.type === 'cli.input') void cli.runLine(message.session, message.line);
        else if (message.type === 'cli.close') void cli.closeSession(message.session);
        // A second `auth` changes nothing: the socket stays with the session it opened with.
      };
      send({ type: 'ready', companyId: session.companyId });
      for (const raw of early.splice(0)) handle(raw);
    }
  });
}

function parseClientMessage(raw: string): LiveClientMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = LiveClientMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
