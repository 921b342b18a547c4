/**
 * The fake server of the web tests is typed by the contract: each `@ts-expect-error` below is a fake
 * that drifted, and `npm run typecheck` fails if one of them ever compiles again.
 */
import { listDevicesCall } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { deviceRow } from '../features/devices/device-test-fixtures.ts';
import { type RouteAnswers, refused, routeServer } from './console-test-kit.tsx';

describe('typed fakes', () => {
  it('accept what the contract answers and a refusal with its own data', async () => {
    const answers: RouteAnswers = {
      [listDevicesCall.path]: { data: { list: [deviceRow('FP1')], total: 1, totalCapped: false } },
      '/link/device/getDeviceBySn': refused(120002, 'FP2'),
    };
    routeServer(answers);
    const answer = await fetch('/api/link/device/getDeviceBySn', { method: 'POST', body: '{}' });
    // The refusal's marker stays in the test: the console receives the plain envelope.
    expect(await answer.json()).toEqual({ code: 120002, data: 'FP2', msg: '' });
  });

  it('refuse, at compile time, a fake that drifted from the contract', () => {
    const drifted: RouteAnswers[] = [
      // @ts-expect-error a device list row needs every field of the contract's device row
      { [listDevicesCall.path]: { data: { list: [{ sn: 'FP1' }], total: 1, totalCapped: false } } },
      // @ts-expect-error the contract has no such path
      { '/link/device/noSuchCall': { data: null } },
      // @ts-expect-error a menu id is a string in the contract
      { '/pl/user/getVisitMenus': { data: [{ appName: 'platform', appId: 3, mfs: [{ menuId: 1 }] }] } },
    ];
    expect(drifted).toHaveLength(3);
  });
});
