import SwaggerParser from '@apidevtools/swagger-parser';
import {
  ERROR_CATALOGUE,
  ErrorCode,
  OPEN_API_INTERFACES,
  OPEN_API_PREFIX,
  OPEN_API_SCOPES,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from '../devices/device-test-kit.ts';
import { INTERFACE_HANDLERS } from './open-api.handlers.ts';
import { callApi, makeClient, tokenFor } from './open-api-test-kit.ts';

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
});
