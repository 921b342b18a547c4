import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers code 0 with the database reachable', async () => {
    const res = await t.call<{ status: string; database: { ok: boolean; dialect: string } }>(
      'GET',
      '/health',
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data?.status).toBe('ok');
    expect(res.body.data?.database.ok).toBe(true);
    expect(res.body.data?.database.dialect).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('refuses an unknown query field with code 1 naming it, in Chinese when asked', async () => {
    const res = await t.call('GET', '/health', { verbose: '1' }, { language: 'cn' });
    expect(res.body.code).toBe(1);
    expect(res.body.msg).toBe('verbose: 未知字段verbose');
  });
});

describe('unknown calls', () => {
  it('answer 404 with an envelope, not a stack trace', async () => {
    const res = await t.call('POST', '/no/such/call', {});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(-1);
    expect(res.body.msg).toContain('/api/no/such/call');
  });
});

describe('OpenAPI document', () => {
  it('lists every contract call with its permission', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/api/health']?.get?.operationId).toBe('platform.health');
  });
});
