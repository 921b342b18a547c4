/**
 * The curl commands of the API manual and the getting-started guide (`/support/openApi`): one shape
 * for the page that shows them and the test that runs them (server open-api-curl.test.ts). They read
 * `$TOKEN`, `$CLIENT_ID` and `$CLIENT_SECRET` from the shell, so a reader pastes them as they are.
 */

/** A word the shell takes as it is: single quotes, a quote inside written `'\''`. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

export interface CurlRequest {
  method: string;
  /** Relative to the base, e.g. `/devices/FP-SAMPLE-01/reboot`. */
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
  /** A write: sends an `Idempotency-Key`, new on each run. */
  idempotent?: boolean;
}

/** One interface call; `base` is where the open API is served (`https://host/openapi/v1`). */
export function openApiCurl(request: CurlRequest, base: string): string {
  const query = new URLSearchParams(request.query ?? {}).toString();
  const lines = [
    `curl -sS -X ${request.method.toUpperCase()} ${quoted(`${base}${request.path}${query ? `?${query}` : ''}`)}`,
    `-H "Authorization: Bearer $TOKEN"`,
  ];
  if (request.idempotent) lines.push(`-H "Idempotency-Key: $(date +%s%N)"`);
  if (request.body !== undefined)
    lines.push(`-H 'Content-Type: application/json'`, `-d ${quoted(JSON.stringify(request.body))}`);
  return lines.join(' \\\n  ');
}

/** The token call (client credentials) that fills `$TOKEN`; `scope` asks for a subset of the client's. */
export function openApiTokenCurl(base: string, scope?: string): string {
  const lines = [
    `curl -sS -X POST ${quoted(`${base}/oauth/token`)}`,
    `-d grant_type=client_credentials`,
    `--data-urlencode "client_id=$CLIENT_ID"`,
    `--data-urlencode "client_secret=$CLIENT_SECRET"`,
  ];
  if (scope) lines.push(`--data-urlencode ${quoted(`scope=${scope}`)}`);
  return lines.join(' \\\n  ');
}
