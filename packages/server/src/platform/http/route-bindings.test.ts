/**
 * The contract and the server agree: every call of ALL_CALLS is answered by exactly one binding of
 * allRoutes(deps), no binding answers a call outside the contract, and every call says who may make it.
 */
import { ALL_CALLS, HTTP_METHODS } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { allRoutes } from '../../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('contract calls and route bindings', () => {
  it('binds every call of the contract exactly once', () => {
    const bindings = allRoutes(t.deps);
    const counts = new Map<string, number>();
    for (const binding of bindings) counts.set(binding.call.id, (counts.get(binding.call.id) ?? 0) + 1);
    const unbound = ALL_CALLS.filter((call) => !counts.has(call.id)).map((call) => call.id);
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    expect(unbound).toEqual([]);
    expect(twice).toEqual([]);
  });

  it('binds nothing that is not in the contract', () => {
    const strays = allRoutes(t.deps)
      .filter((binding) => !ALL_CALLS.includes(binding.call))
      .map((binding) => binding.call.id);
    expect(strays).toEqual([]);
  });

  it('gives every call a unique id and a unique method and path', () => {
    const ids = ALL_CALLS.map((call) => call.id);
    const routes = ALL_CALLS.map((call) => `${call.method} ${call.path}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });

  it('declares a permission, a known method, a path and a summary for every call', () => {
    const incomplete = ALL_CALLS.filter(
      (call) =>
        typeof call.permission !== 'string' ||
        call.permission.trim() === '' ||
        !HTTP_METHODS.includes(call.method) ||
        !call.path.startsWith('/') ||
        call.summary.trim() === '',
    ).map((call) => call.id);
    expect(incomplete).toEqual([]);
  });

  it('validates every call input as a strict object, so unknown fields are refused', () => {
    const lax = ALL_CALLS.filter((call) => call.input.safeParse({ __unknownField__: 1 }).success).map(
      (call) => call.id,
    );
    expect(lax).toEqual([]);
  });
});
