import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  ERROR_CATALOGUE,
  ErrorCode,
  OPEN_API_INTERFACES,
  OPEN_API_PREFIX,
  OPEN_API_SCOPES,
  type OpenApiDocumentError,
  type OpenApiDocumentSample,
  openApiCurl,
  openApiTokenCurl,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { INTERFACE_HANDLERS } from './open-api.handlers.ts';
import { callApi, makeClient, tokenFor } from './open-api-test-kit.ts';

const run = promisify(execFile);

let t: TestApp;
let acme: Owner;

beforeAll(async () => {
  t = await createTestApp();
  acme = await companyOwner(t, 'Acme Samples', 'owner@acme-samples.test');
  await seedDevices(t, acme.companyId, [{ sn: 'FP-SAMPLE-01' }]);
}, 60_000);
afterAll(() => t?.close());

describe('the open API document', () => {
  it('is a valid OpenAPI 3.1 document served at /openapi/v1/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${OPEN_API_PREFIX}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
    const operations = Object.values(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    )
      .flatMap((path) => Object.values(path))
      .map((op) => op.operationId);
    expect(operations.sort()).toEqual([...OPEN_API_INTERFACES.map((i) => i.id), 'oauth.token'].sort());
  });

  it('every interface has a handler, a known scope, a sample, bilingual summary and catalogue codes', () => {
    for (const def of OPEN_API_INTERFACES) {
      expect(INTERFACE_HANDLERS[def.id], def.id).toBeTypeOf('function');
      expect(OPEN_API_SCOPES, def.id).toContain(def.scope);
      expect(def.sample.response, def.id).toBeDefined();
      expect(def.output.safeParse(def.sample.response).success, `${def.id} sample answer`).toBe(true);
      expect(def.summary.en && def.summary.cn, def.id).toBeTruthy();
      for (const code of def.errors) expect(ERROR_CATALOGUE.has(code), `${def.id} ${code}`).toBe(true);
    }
    const family = Object.entries(ErrorCode).filter(([name]) => name.startsWith('OPEN_API_'));
    expect(family.length).toBeGreaterThan(10);
    for (const [, code] of family) {
      expect(code).toBeGreaterThanOrEqual(610001);
      expect(code).toBeLessThanOrEqual(610020);
    }
  });

  it('every sample request runs: an answer of its schema, or one of the codes it lists', async () => {
    const token = await tokenFor(t, await makeClient(acme, { isAdmin: true }));
    for (const def of OPEN_API_INTERFACES) {
      t.clock.advance(1000);
      const answer = await callApi(t.app, token, def.method, def.sample.path, {
        ...(def.sample.query ? { query: def.sample.query } : {}),
        ...(def.sample.body !== undefined ? { body: def.sample.body } : {}),
        headers: def.mutates ? { 'idempotency-key': `sample-${def.id}` } : {},
      });
      if (answer.body.code === 0) {
        expect(answer.status, def.id).toBe(200);
        expect(def.output.safeParse(answer.body.data).success, def.id).toBe(true);
      } else {
        // A sample that needs a router online (reboot) or an action that exists (the sample's id).
        expect(def.errors, `${def.id}: ${JSON.stringify(answer.body)}`).toContain(answer.body.code);
        expect(answer.status).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('lists each code with its status and both messages, and the sample the manual shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${OPEN_API_PREFIX}/openapi.json` });
    const document = res.json() as {
      tags: { name: string; 'x-name': { en: string; cn: string } }[];
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operations = Object.values(document.paths).flatMap((p) => Object.values(p));
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const op of operations) {
      expect(tags, String(op.operationId)).toContain((op.tags as string[])[0]);
      const errors = op['x-errors'] as OpenApiDocumentError[];
      expect(errors.map((e) => e.code)).toContain(ErrorCode.OPEN_API_RATE_LIMITED);
      for (const e of errors) {
        expect(e.en, `${op.operationId} ${e.code}`).toBe(ERROR_CATALOGUE.get(e.code)?.en);
        expect(e.cn, `${op.operationId} ${e.code}`).toBe(ERROR_CATALOGUE.get(e.code)?.cn);
        expect(Object.keys(op.responses as object)).toContain(String(e.status));
      }
    }
    const reboot = operations.find((op) => op.operationId === 'actions.reboot')!;
    expect(reboot['x-idempotent']).toBe(true);
    expect((reboot['x-errors'] as OpenApiDocumentError[]).find((e) => e.code === 610007)).toEqual({
      code: 610007,
      status: 422,
      en: 'This Idempotency-Key was already used with another request',
      cn: '该Idempotency-Key已用于另一个请求',
    });
    expect(reboot['x-sample']).toEqual({ path: '/devices/FP-SAMPLE-01/reboot', body: { delaySeconds: 0 } });
    const activity = operations.find((op) => op.operationId === 'activity.list')!;
    expect(activity['x-admin-only']).toBe(true);
  });

  it("runs the manual's curl commands as a reader pastes them: a token, then every sample", async () => {
    const made = await makeClient(acme, { isAdmin: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${OPEN_API_PREFIX}`;
    const shell = async (command: string, env: Record<string, string>) => {
      const { stdout } = await run('bash', ['-c', command], { env: { ...process.env, ...env } });
      return JSON.parse(stdout) as { code?: number; data?: unknown; access_token?: string };
    };
    const token = await shell(openApiTokenCurl(base, OPEN_API_SCOPES.join(' ')), {
      CLIENT_ID: made.client.clientId,
      CLIENT_SECRET: made.secret,
    });
    expect(token.access_token).toBeTypeOf('string');
    const document = (
      await t.app.inject({ method: 'GET', url: `${OPEN_API_PREFIX}/openapi.json` })
    ).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    let ran = 0;
    for (const [method, op] of Object.entries(document.paths).flatMap(([, p]) => Object.entries(p))) {
      const sample = op['x-sample'] as OpenApiDocumentSample | undefined;
      if (!sample) continue;
      const def = OPEN_API_INTERFACES.find((i) => i.id === op.operationId)!;
      t.clock.advance(1000);
      const answer = await shell(
        openApiCurl({ method, ...sample, idempotent: op['x-idempotent'] === true }, base),
        { TOKEN: token.access_token! },
      );
      ran += 1;
      if (answer.code === 0) expect(def.output.safeParse(answer.data).success, def.id).toBe(true);
      else expect(def.errors, `${def.id}: ${JSON.stringify(answer)}`).toContain(answer.code);
    }
    expect(ran).toBe(OPEN_API_INTERFACES.length);
  });
});
