import websocket from '@fastify/websocket';
import {
  ErrorCode,
  errorMessage,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_PATH,
  LIVE_TICKET_PARAM,
  LiveClientMessageSchema,
  type LiveServerMessage,
  langFromHeader,
} from '@fleetport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { Session } from '../auth/session.ts';
import { isAppError } from '../errors.ts';
import { cliSessions } from './cli-sessions.ts';
import type { LiveEvent } from './hub.ts';

/** Who may watch the fleet live: anyone who may see the device list. */
const VIEW_PERMISSION = 'devices.view';

/**
 * Device news needs the device list's permission; a job's progress goes to the people the job
 * belongs to (`jobs.list` shows them the same jobs): its company, or the one user who asked for it.
 */
function mayReceive(event: LiveEvent, session: Session, mayViewDevices: boolean): boolean {
  if (event.name !== 'job.progress') return mayViewDevices;
  const owner = (event as LiveEvent<'job.progress'>).data.userId;
  return owner === undefined || owner === session.userId;
}

/** A hub event as the browser sees it (the company id stays on the server). */
function toMessage(event: LiveEvent): LiveServerMessage {
  return { type: event.name, ...event.data } as LiveServerMessage;
}

/**
 * `GET {apiPrefix}/ws`: the console's live WebSocket (contract `live.ts`). The signed ticket comes as
 * a query parameter and is checked by the same resolver as every call; a refused ticket closes the
 * socket with 4401 and the catalogue code as the reason, so the console can react as to a call.
 */
export async function registerLiveSocket(app: FastifyInstance, deps: AppDeps, prefix: string): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get(`${prefix}${LIVE_PATH}`, { websocket: true }, (socket, request) => {
    const query = request.query as Record<string, string | undefined>;
    const lang = langFromHeader(query.lang ?? request.headers.language);
    const send = (message: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    // Messages arriving while the ticket is checked are kept, not dropped.
    const early: string[] = [];
    let handle: ((raw: string) => void) | null = null;
    socket.on('message', (data) => {
      const raw = data.toString();
      if (handle) handle(raw);
      else early.push(raw);
    });
    let cleanup = () => {};
    socket.on('close', () => cleanup());

    const ticket = query[LIVE_TICKET_PARAM] ?? '';
    deps.sessions
      .resolve({ ...request, headers: { ...request.headers, ticket } } as FastifyRequest)
      .then((session) => {
        if (socket.readyState !== socket.OPEN) return;
        attach(session);
      })
      .catch((error: unknown) => {
        const code = isAppError(error) ? error.code : ErrorCode.SESSION_EXPIRED;
        socket.close(LIVE_CLOSE_UNAUTHORIZED, String(code));
      });

    function attach(session: Session) {
      const cli = cliSessions({ deps, session, lang, remoteAddress: request.ip, send });
      const mayView = session.superAdmin || session.funCodes.has(VIEW_PERMISSION);
      const unsubscribe =
        session.companyId !== null
          ? deps.hub.subscribe((event) => {
              if (mayReceive(event, session, mayView)) send(toMessage(event));
            }, session.companyId)
          : () => {};
      cleanup = () => {
        unsubscribe();
        void cli.closeAll();
      };
      handle = (raw) => {
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          json = null;
        }
        const parsed = LiveClientMessageSchema.safeParse(json);
        if (!parsed.success) {
          send({
            type: 'error',
            code: ErrorCode.PARAMETER_ERROR,
            msg: errorMessage(ErrorCode.PARAMETER_ERROR, lang),
          });
          return;
        }
        const message = parsed.data;
        if (message.type === 'ping') send({ type: 'pong' });
        else if (message.type === 'cli.open') void cli.openSession(message.sn);
        else if (message.type === 'cli.input') void cli.runLine(message.session, message.line);
        else void cli.closeSession(message.session);
      };
      send({ type: 'ready', companyId: session.companyId });
      for (const raw of early.splice(0)) handle(raw);
    }
  });
}
