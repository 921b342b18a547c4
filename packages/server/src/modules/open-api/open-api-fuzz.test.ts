/**
 * Open API fuzz: every interface, called with a valid token of every scope, gets hostile path values,
 * queries and bodies. Each answer is the envelope with a catalogue code the interface may give (1 for
 * bad input, its own, the family's), never a 5xx, never a stack trace.
 */
import { ERROR_CATALOGUE, ErrorCode, OPEN_API_INTERFACES } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, seedDevices } from '../devices/device-test-kit.ts';
import { callApi, makeClient, tokenFor } from './open-api-test-kit.ts';

const STACK_TRACE = /\n\s+at |node_modules|\.tsx?:\d+|\bat \w+ \(|TypeError|ReferenceError/;

const PATH_VALUES = ['FP-SAMPLE-01', 'x'.repeat(500), '%00', "' or 1=1 --", '..%2F..%2Fetc', '💥'];
const QUERIES: Record<string, string>[] = [
  {},
  { pageNum: '-1' },
  { pageNum: '1e309', pageSize: 'NaN' },
  { pageSize: '99999999999999999999' },
  { search: 'x'.repeat(5000) },
  { online: 'maybe', unknown: '1' },
  { sn: "%' or '1'='1" },
];
const BODIES: unknown[] = [
  {},
  { delaySeconds: -1 },
  { delaySeconds: 'soon' },
  { delaySeconds: 1e308 },
  [],
  null,
  { extra: 1 },
];

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await companyOwner(t, 'Acme Fuzz', 'owner@acme-openfuzz.test');
  await seedDevices(t, owner.companyId, [{ sn: 'FP-SAMPLE-01' }]);
  token = await tokenFor(t, await makeClient(owner, { isAdmin: true }));
}, 60_000);
afterAll(() => t?.close());

describe('open API fuzz', () => {
  it.each(OPEN_API_INTERFACES.map((def) => [def.id, def] as const))(
    '%s answers hostile input with an envelope',
    async (_id, def) => {
      const allowed = new Set<number>([
        0,
        ErrorCode.PARAMETER_ERROR,
        ErrorCode.OPEN_API_NOT_FOUND,
        ErrorCode.OPEN_API_RATE_LIMITED,
        ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED,
        ...def.errors,
      ]);
      const problems: string[] = [];
      let n = 0;
      for (const value of PATH_VALUES) {
        const path = def.path.replace(/:(\w+)/g, encodeURIComponent(value));
        for (const query of QUERIES) {
          for (const body of def.body ? BODIES : [undefined]) {
            // A fresh second for each call: the limit is tested elsewhere.
            t.clock.advance(100);
            const answer = await callApi(t.app, token, def.method, path, {
              query,
              ...(body !== undefined ? { body } : {}),
              headers: def.mutates ? { 'idempotency-key': `fuzz-${n++}` } : {},
            });
            const label = `${path} ${JSON.stringify(query)} ${JSON.stringify(body)}`.slice(0, 200);
            const text = JSON.stringify(answer.body);
            if (answer.status >= 500) problems.push(`${label}: HTTP ${answer.status}`);
            if (STACK_TRACE.test(text)) problems.push(`${label}: stack trace`);
            const code = answer.body.code;
            if (typeof code !== 'number' || !ERROR_CATALOGUE.has(code) || !allowed.has(code))
              problems.push(`${label}: code ${code}`);
            if (typeof answer.body.msg !== 'string') problems.push(`${label}: no msg`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
