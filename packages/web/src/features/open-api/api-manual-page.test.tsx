import { buildOpenApiV1Document, OPEN_API_INTERFACES } from '@fleetport/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const WAIT = { timeout: 30_000 };

signedInEachTest();

/**
 * The console's calls as routeServer answers them, and the open API's document as the server serves
 * it: the one the contract builds (api/open-api.document.ts), not a copy written for the test.
 */
function serveConsoleAndDocument(funCodes: string[]) {
  const consoleCalls = routeServer(shellAnswers(funCodes));
  const documentLoads: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (new URL(url, 'http://console.test').pathname !== '/openapi/v1/openapi.json')
      return consoleCalls(url, init);
    documentLoads.push(url);
    return new Response(JSON.stringify(buildOpenApiV1Document('1.2.3')), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return documentLoads;
}

describe('the API manual', () => {
  it(
    'lists every interface by family; searching finds the reboot, which shows its fields, codes and curl',
    async () => {
      const loads = serveConsoleAndDocument(['apiManual.view']);
      renderConsole('/operation/apiManual');
      const manual = await screen.findByTestId('api-manual', {}, WAIT);
      expect(await within(manual).findByTestId('api-manual-count', {}, WAIT)).toHaveProperty(
        'textContent',
        `${OPEN_API_INTERFACES.length + 1} interfaces`,
      );
      const devices = within(manual).getByTestId('family-devices');
      expect(within(devices).getByText('Devices')).toBeTruthy();
      expect(within(devices).getByText('/openapi/v1/devices/{sn}')).toBeTruthy();
      expect(within(manual).getByTestId('family-oauth')).toBeTruthy();

      await userEvent.type(
        within(manual).getByPlaceholderText('Search interfaces, paths, scopes or codes'),
        'reboot',
      );
      expect(within(manual).getByTestId('api-manual-count').textContent).toBe('1 interface');
      expect(within(manual).queryByTestId('family-devices')).toBeNull();
      await userEvent.click(within(manual).getByText('/openapi/v1/devices/{sn}/reboot'));
      const reboot = await within(manual).findByTestId('operation-actions.reboot', {}, WAIT);
      expect(within(reboot).getByText('actions:execute')).toBeTruthy();
      expect(within(reboot).getByText('Needs an Idempotency-Key')).toBeTruthy();
      // Request parameters: the path's SN, the header; the body's field with its range.
      const parameters = within(reboot).getByTestId('parameters-actions.reboot');
      expect(within(parameters).getByText('sn').closest('tr')?.textContent).toContain('path');
      expect(within(parameters).getByText('Idempotency-Key').closest('tr')?.textContent).toContain('header');
      const body = within(reboot).getByTestId('request-actions.reboot');
      expect(within(body).getByText('delaySeconds').closest('tr')?.textContent).toContain('max: 3600');
      // The answer's fields, under the envelope's data.
      expect(within(within(reboot).getByTestId('response-actions.reboot')).getByText('rpcId')).toBeTruthy();
      // Error codes with their HTTP status and message.
      const codes = within(reboot).getByTestId('errors-actions.reboot');
      const codeRow = within(codes).getByText('610007').closest('tr')!;
      expect(codeRow.textContent).toContain('422');
      expect(codeRow.textContent).toContain('This Idempotency-Key was already used with another request');
      const curl = within(reboot).getByTestId('curl-actions.reboot').textContent ?? '';
      expect(curl).toContain(
        `curl -sS -X POST '${window.location.origin}/openapi/v1/devices/FP-SAMPLE-01/reboot'`,
      );
      expect(curl).toContain('-H "Authorization: Bearer $TOKEN"');
      expect(curl).toContain('Idempotency-Key');
      expect(curl).toContain(`-d '{"delaySeconds":0}'`);

      await userEvent.clear(within(manual).getByPlaceholderText('Search interfaces, paths, scopes or codes'));
      await userEvent.type(
        within(manual).getByPlaceholderText('Search interfaces, paths, scopes or codes'),
        'nothing like this',
      );
      expect(await within(manual).findByText('No interface matches')).toBeTruthy();
      expect(loads).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'reads in Chinese under Support: families, summaries and code messages, machine words kept as written',
    async () => {
      serveConsoleAndDocument(['apiManual.view']);
      await changeLanguage('cn');
      renderConsole('/support/apiManual');
      const manual = await screen.findByTestId('api-manual', {}, WAIT);
      const actions = await within(manual).findByTestId('family-actions', {}, WAIT);
      expect(within(actions).getByText('远程操作')).toBeTruthy();
      await userEvent.click(within(actions).getByText('/openapi/v1/actions/{rpcId}'));
      const get = await within(manual).findByTestId('operation-actions.get', {}, WAIT);
      expect(within(get).getByRole('heading', { name: '错误码' })).toBeTruthy();
      const limitRow = within(within(get).getByTestId('errors-actions.get'))
        .getByText('610006')
        .closest('tr')!;
      expect(limitRow.textContent).toContain('429');
      expect(limitRow.textContent).toContain('超过每秒{limit}次调用的限制，请{retryAfter}秒后重试');
      expect(within(limitRow).getByText('{limit}').getAttribute('translate')).toBe('no');
      // The reboot's summary names an interface id: it stays as written.
      expect(within(manual).getByText('actions.get').getAttribute('translate')).toBe('no');
    },
    SLOW,
  );
});

describe('the getting-started guide', () => {
  it(
    'walks from a client to the first call, with the limit, the Idempotency-Key and the common codes',
    async () => {
      serveConsoleAndDocument([]);
      renderConsole('/support/openApi');
      const guide = await screen.findByTestId('open-api-guide', {}, WAIT);
      expect(within(guide).getByText('Getting started with the open API')).toBeTruthy();
      expect(within(guide).getByRole('link', { name: 'Open the clients page' }).getAttribute('href')).toBe(
        '/operation/openApi',
      );
      const token = within(guide).getByTestId('guide-token-curl').textContent ?? '';
      expect(token).toContain('/openapi/v1/oauth/token');
      expect(token).toContain('grant_type=client_credentials');
      expect(within(guide).getByTestId('guide-first-call').textContent).toContain(
        '/openapi/v1/devices?pageNum=1&pageSize=20',
      );
      expect(guide.textContent).toContain('Each client may make 12 calls a second');
      expect(guide.textContent).toContain('HTTP 429 with code 610006');
      // The codes every interface may answer, read from the document.
      const codes = await within(guide).findByTestId('guide-codes', {}, WAIT);
      const expired = (await within(codes).findByText('610003', {}, WAIT)).closest('tr')!;
      expect(expired.textContent).toContain('The access token has expired: ask for a new one');
      expect(within(codes).queryByText('610013')).toBeNull();
      expect(within(codes).queryByText('610007')).toBeNull();
    },
    SLOW,
  );
});
