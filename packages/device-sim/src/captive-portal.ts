import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RpcParams } from '@fleetport/contract';
import radius from 'radius';

/**
 * A portal router's captive portal on loopback (issue 21; docs/device-protocol.md §7.9), as
 * CoovaChilli or openNDS run one: an HTTP listener stands for the LAN. A client (named by the
 * `X-Client-Mac` header, or `mac` in the query, since every client here shares 127.0.0.1) that has
 * not signed in is sent to the platform's splash; the login endpoint takes the splash's one-time token
 * to the platform's RADIUS server (Access-Request with Message-Authenticator), opens the session with
 * Accounting Start, sends Interim-Updates, and ends it (Stop with the cause) at a limit, the session
 * timeout, a block or logout. The content filter answers the client's DNS (`/dns?name=`), counting
 * refusals per client. `portalApply` sets it all.
 */

radius.add_dictionary(path.join(import.meta.dirname, 'dictionary.portal'));

export type PortalConfig = RpcParams<'portalApply'>;
const GIGA = 2 ** 32;

export interface PortalSession {
  mac: string;
  ip: string;
  acctSessionId: string;
  startedAt: number;
  /** When the client last sent traffic (real ms); idle past the idle timeout ends the session. */
  lastActivity: number;
  up: number;
  down: number;
  /** From the Access-Accept: bytes in, out and in all (null = unlimited), seconds. */
  limits: {
    input: number | null;
    output: number | null;
    total: number | null;
    timeout: number | null;
    /** Seconds (Idle-Timeout from the Accept, else the router's own 15 minutes). */
    idle: number;
  };
}

export interface EndedSession extends PortalSession {
  cause: string;
}

function octetLimit(attrs: Record<string, unknown>, name: 'Input' | 'Output' | 'Total'): number | null {
  const vendor = (attrs['Vendor-Specific'] ?? {}) as Record<string, unknown>;
  const low = vendor[`ChilliSpot-Max-${name}-Octets`];
  if (low === undefined) return null;
  return Number(vendor[`ChilliSpot-Max-${name}-Gigawords`] ?? 0) * GIGA + Number(low);
}

/** `*.example.com` matches its subdomains and itself; a plain name matches itself and its subdomains. */
export function domainMatches(pattern: string, name: string): boolean {
  const host = name.toLowerCase().replace(/\.$/, '');
  const base = pattern.toLowerCase().replace(/^\*\./, '');
  return host === base || host.endsWith(`.${base}`);
}

export class CaptivePortal {
  config: PortalConfig | null = null;
  readonly sessions = new Map<string, PortalSession>();
  readonly ended: EndedSession[] = [];
  /** DNS refusals by the content filter, per client MAC. */
  readonly refusals = new Map<string, number>();
  private server: http.Server | null = null;
  private socket: dgram.Socket | null = null;
  private interim: NodeJS.Timeout | null = null;
  private nextIp = 10;
  private pending = new Map<number, (reply: radius.RadiusPacket | null) => void>();
  private identifier = 0;

  constructor(
    readonly sn: string,
    readonly apMac: string,
    readonly ssid: string,
    /** Real milliseconds per simulated millisecond. */
    readonly timeScale: number,
    /** Simulated seconds between Interim-Updates. */
    readonly interimSeconds = 300,
  ) {}

  /** The LAN address clients browse to. */
  get url(): string {
    const port = (this.server?.address() as AddressInfo | null)?.port ?? 0;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    this.socket = dgram.createSocket('udp4');
    this.socket.on('message', (packet) => {
      const id = packet[1]!;
      const waiter = this.pending.get(id);
      if (!waiter || !this.config) return;
      this.pending.delete(id);
      try {
        waiter(radius.decode({ packet, secret: this.config.radius.secret }));
      } catch {
        waiter(null);
      }
    });
    await new Promise<void>((resolve) => this.socket!.bind(0, '127.0.0.1', resolve));
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.interim = setInterval(
      () => void this.tick(),
      Math.max(50, this.interimSeconds * 1000 * this.timeScale),
    );
    this.interim.unref();
  }

  async close(): Promise<void> {
    if (this.interim) clearInterval(this.interim);
    this.interim = null;
    const server = this.server;
    this.server = null;
    if (server) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Browsers' keep-alive connections would hold close() open.
      server.closeAllConnections();
      await closed;
    }
    this.socket?.close();
    this.socket = null;
  }

  /** A new version: its secret and rules from now on; blocked clients' sessions end at once. */
  async apply(config: PortalConfig): Promise<void> {
    if (this.config && config.version < this.config.version) return;
    this.config = config;
    await this.start();
    for (const session of [...this.sessions.values()])
      if (config.blockedMacs.includes(session.mac)) await this.end(session, 'Admin-Reset');
  }

  private async send(
    code: 'Access-Request' | 'Accounting-Request',
    attributes: [string, unknown][],
    accounting: boolean,
  ): Promise<radius.RadiusPacket | null> {
    const config = this.config;
    if (!config || !this.socket) return null;
    const port = accounting ? config.radius.acctPort : config.radius.authPort;
    if (port === 0) return null;
    this.identifier = (this.identifier + 1) % 256;
    const identifier = this.identifier;
    const packet = radius.encode({
      code,
      identifier,
      secret: config.radius.secret,
      attributes: [['NAS-Identifier', this.sn], ...attributes] as never,
      add_message_authenticator: true,
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      const reply = new Promise<radius.RadiusPacket | null>((resolve) => {
        this.pending.set(identifier, resolve);
        setTimeout(() => {
          if (this.pending.get(identifier) === resolve) {
            this.pending.delete(identifier);
            resolve(null);
          }
        }, 3000).unref();
      });
      this.socket.send(packet, port, config.radius.host === 'localhost' ? '127.0.0.1' : config.radius.host);
      const answer = await reply;
      if (answer) return answer;
    }
    return null;
  }

  private accountingAttributes(session: PortalSession, status: string): [string, unknown][] {
    const now = Date.now();
    return [
      ['Acct-Status-Type', status],
      ['Acct-Session-Id', session.acctSessionId],
      ['User-Name', session.mac],
      ['Calling-Station-Id', session.mac.replaceAll(':', '-')],
      ['Called-Station-Id', `${this.apMac.replaceAll(':', '-')}:${this.ssid}`],
      ['Framed-IP-Address', session.ip],
      ['Acct-Input-Octets', session.up % GIGA],
      ['Acct-Input-Gigawords', Math.floor(session.up / GIGA)],
      ['Acct-Output-Octets', session.down % GIGA],
      ['Acct-Output-Gigawords', Math.floor(session.down / GIGA)],
      ['Acct-Session-Time', Math.floor((now - session.startedAt) / 1000 / this.timeScale)],
    ];
  }

  /** Stops a session with its cause (Acct-Terminate-Cause). */
  async end(session: PortalSession, cause: string): Promise<void> {
    if (!this.sessions.delete(session.mac)) return;
    this.ended.push({ ...session, cause });
    await this.send(
      'Accounting-Request',
      [...this.accountingAttributes(session, 'Stop'), ['Acct-Terminate-Cause', cause]],
      true,
    );
  }

  /** Interim-Updates, and the session timeout. */
  private async tick(): Promise<void> {
    for (const session of [...this.sessions.values()]) {
      const seconds = (Date.now() - session.startedAt) / 1000 / this.timeScale;
      const idle = (Date.now() - session.lastActivity) / 1000 / this.timeScale;
      if (session.limits.timeout !== null && seconds >= session.limits.timeout)
        await this.end(session, 'Session-Timeout');
      else if (idle >= session.limits.idle) await this.end(session, 'Idle-Timeout');
      else await this.send('Accounting-Request', this.accountingAttributes(session, 'Interim-Update'), true);
    }
  }

  /** Counts traffic; a session over a limit ends (Stop, Session-Timeout as CoovaChilli reports it). */
  async use(mac: string, down: number, up: number): Promise<boolean> {
    const session = this.sessions.get(mac);
    if (!session) return false;
    session.down += down;
    session.up += up;
    session.lastActivity = Date.now();
    const { input, output, total } = session.limits;
    if (
      (input !== null && session.up >= input) ||
      (output !== null && session.down >= output) ||
      (total !== null && session.up + session.down >= total)
    ) {
      await this.end(session, 'Session-Timeout');
      return false;
    }
    return true;
  }

  private macOf(req: http.IncomingMessage, url: URL): string {
    const raw = String(req.headers['x-client-mac'] ?? url.searchParams.get('mac') ?? '');
    const hex = raw.replace(/[^0-9a-f]/gi, '').toUpperCase();
    return hex.length === 12 ? hex.match(/../g)!.join(':') : '';
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const mac = this.macOf(req, url);
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end(body);
    };
    const config = this.config;
    if (!config || !mac) return send(503, 'portal not ready');
    if (url.pathname === '/login') return this.login(url, mac, send);
    if (url.pathname === '/logout') {
      const session = this.sessions.get(mac);
      if (session) await this.end(session, 'User-Request');
      return send(200, 'logged out');
    }
    if (url.pathname === '/dns') {
      const name = url.searchParams.get('name') ?? '';
      if (config.blockedDomains.some((p) => domainMatches(p, name))) {
        this.refusals.set(mac, (this.refusals.get(mac) ?? 0) + 1);
        return send(403, `refused: ${name}`);
      }
      return send(200, `resolved: ${name}`);
    }
    const host = url.searchParams.get('host') ?? '';
    const allowed = host !== '' && config.allowedSites.some((p) => domainMatches(p, host));
    const session = this.sessions.get(mac);
    if (!session && !allowed) {
      const splash = new URL(config.splashUrl);
      splash.searchParams.set('sn', this.sn);
      splash.searchParams.set('mac', mac);
      splash.searchParams.set('loginUrl', `${this.url}/login`);
      return send(302, '', { location: splash.toString() });
    }
    // Browsing: `down` and `up` bytes of traffic through the router.
    const down = Number(url.searchParams.get('down') ?? 0) || 0;
    const up = Number(url.searchParams.get('up') ?? 0) || 0;
    if (session && !(await this.use(mac, down, up))) return send(403, 'session ended');
    return send(200, 'online');
  }

  private async login(
    url: URL,
    mac: string,
    send: (s: number, b: string, h?: Record<string, string>) => void,
  ) {
    const token = url.searchParams.get('password') ?? '';
    const userUrl = url.searchParams.get('userurl') ?? '';
    const answer = await this.send(
      'Access-Request',
      [
        ['User-Name', mac],
        ['User-Password', token],
        ['Calling-Station-Id', mac.replaceAll(':', '-')],
        ['Called-Station-Id', `${this.apMac.replaceAll(':', '-')}:${this.ssid}`],
      ],
      false,
    );
    if (!answer) return send(504, 'the sign-in server did not answer');
    if (answer.code !== 'Access-Accept')
      return send(403, String(answer.attributes['Reply-Message'] ?? 'refused'));
    const old = this.sessions.get(mac);
    if (old) await this.end(old, 'User-Request');
    const attrs = answer.attributes;
    const timeout = attrs['Session-Timeout'] === undefined ? null : Number(attrs['Session-Timeout']);
    const session: PortalSession = {
      mac,
      ip: `192.168.${Math.floor(this.nextIp / 250) % 250}.${(this.nextIp++ % 250) + 2}`,
      acctSessionId: randomBytes(8).toString('hex').toUpperCase(),
      startedAt: Date.now(),
      lastActivity: Date.now(),
      up: 0,
      down: 0,
      limits: {
        input: octetLimit(attrs, 'Input'),
        output: octetLimit(attrs, 'Output'),
        total: octetLimit(attrs, 'Total'),
        timeout,
        idle: attrs['Idle-Timeout'] === undefined ? 900 : Number(attrs['Idle-Timeout']),
      },
    };
    this.sessions.set(mac, session);
    await this.send('Accounting-Request', this.accountingAttributes(session, 'Start'), true);
    const vendor = (attrs['Vendor-Specific'] ?? {}) as Record<string, unknown>;
    const landing = String(vendor['WISPr-Redirection-URL'] ?? userUrl);
    return send(302, '', { location: /^https?:\/\//.test(landing) ? landing : `${this.url}/` });
  }
}
