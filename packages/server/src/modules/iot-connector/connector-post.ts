import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type DestinationPolicy, guardedLookup, literalRefused } from '../notifications/webhook-address.ts';

/**
 * One POST to a connector's application (docs/api.md "IoT connectors"). The connection goes only to
 * addresses the webhook policy allows (public ones; loopback on a server in AUTOMATED_TEST_MODE), and
 * no redirect is followed. Never throws: a refusal, a timeout or a closed port is a failed result.
 */

export const CONNECTOR_TIMEOUT_MS = 10_000;

export interface ConnectorPostResult {
  ok: boolean;
  /** The application's HTTP status; null when no answer came. */
  status: number | null;
  error: string | null;
}

export function postToConnector(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: DestinationPolicy,
): Promise<ConnectorPostResult> {
  return new Promise((resolve) => {
    const fail = (error: { code?: string; message?: string }) =>
      resolve({ ok: false, status: null, error: String(error.code ?? error.message ?? error).slice(0, 300) });
    let target: URL;
    try {
      target = new URL(url);
    } catch (error) {
      return fail(error as Error);
    }
    const refused = literalRefused(policy, target);
    if (refused) return fail({ message: refused.message });
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Fleetport-IoT-Connector/1',
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
        },
        lookup: guardedLookup(policy) as never,
        timeout: CONNECTOR_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({ ok, status, error: ok ? null : `HTTP ${status}` });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (error) => {
      const e = error as { code?: string; message?: string };
      fail(e.code === 'PRIVATE_ADDRESS' ? { message: e.message } : e);
    });
    req.end(body);
  });
}
