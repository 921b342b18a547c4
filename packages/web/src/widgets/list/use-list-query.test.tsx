import { listDevicesCall } from '@fleetport/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { routeServer } from '../../app/console-test-kit.tsx';
import { AppProviders, queryClient } from '../../app/providers.tsx';
import { deviceRow } from '../../features/devices/device-test-fixtures.ts';
import { useListQuery } from './use-list-query.ts';

const PAGE = '/devices';

/** A bare page over the device list call: its buttons move the list the way a filters bar does. */
function DevicesProbe() {
  const list = useListQuery(listDevicesCall, { defaults: { pageSize: 20 } });
  return (
    <div>
      <output data-testid="rows">{list.rows.map((row) => row.sn).join(',')}</output>
      <output data-testid="search">{list.filters.search ?? ''}</output>
      <button type="button" onClick={() => list.setFilters({ search: 'quay', online: 'online' })}>
        filter
      </button>
      <button type="button" onClick={() => list.setPage(3)}>
        page 3
      </button>
      <button type="button" onClick={() => list.setSort('sn', 'asc')}>
        sort
      </button>
      <button type="button" onClick={() => list.resetFilters()}>
        reset
      </button>
    </div>
  );
}

// The hook is typed by the call: a filter the device list does not take does not compile.
export function TypedByTheCall() {
  const list = useListQuery(listDevicesCall);
  // @ts-expect-error keyword is a filter of the user list, not of the device list
  list.setFilters({ keyword: 'x' });
  // @ts-expect-error the device list sorts by its own sort keys only
  list.setSort('password', 'asc');
  return null;
}

/** Opens the probe at `url` in a fresh router and cache, as a reload or a shared link would. */
function open(url: string) {
  queryClient.clear();
  const router = createMemoryRouter([{ path: PAGE, element: <DevicesProbe /> }], { initialEntries: [url] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, view };
}

function serveDevices() {
  const asked: Array<Record<string, unknown>> = [];
  routeServer({
    [listDevicesCall.path]: (body) => {
      asked.push(body as Record<string, unknown>);
      return { data: { list: [deviceRow(`SN-${asked.length}`)], total: 500, totalCapped: false } };
    },
  });
  return asked;
}

const address = (router: ReturnType<typeof open>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

// Ant Design tables in jsdom on a shared two-core machine.
const SLOW = 60_000;

signedInEachTest();

describe('useListQuery', () => {
  it(
    'keeps page, sort and filters in the address, and a reload of that address asks for the same page',
    async () => {
      const asked = serveDevices();
      const first = open(`${PAGE}?tab=status`);
      await screen.findByText('SN-1');
      expect(asked[0]).toEqual({ pageNum: 1, pageSize: 20, sortField: 'lastSeenAt', sortOrder: 'desc' });
      expect(address(first.router)).toEqual({ tab: 'status' });

      await userEvent.click(screen.getByText('filter'));
      await userEvent.click(screen.getByText('sort'));
      await userEvent.click(screen.getByText('page 3'));
      const wanted = {
        pageNum: 3,
        pageSize: 20,
        search: 'quay',
        online: 'online',
        sortField: 'sn',
        sortOrder: 'asc',
      };
      await waitFor(() => expect(asked.at(-1)).toEqual(wanted));
      expect(address(first.router)).toEqual({
        tab: 'status',
        pageNum: '3',
        search: 'quay',
        online: 'online',
        sortField: 'sn',
        sortOrder: 'asc',
      });

      // A reload: a new page at the same address, nothing remembered in between.
      const url = first.router.state.location.pathname + first.router.state.location.search;
      first.view.unmount();
      asked.length = 0;
      open(url);
      await waitFor(() => expect(asked).toEqual([wanted]));
      expect(screen.getByTestId('search').textContent).toBe('quay');
    },
    SLOW,
  );

  it(
    'starts again from page 1 when a filter changes and clears back to the defaults',
    async () => {
      const asked = serveDevices();
      const { router } = open(`${PAGE}?pageNum=4&search=pier`);
      await waitFor(() => expect(asked[0]).toMatchObject({ pageNum: 4, search: 'pier' }));
      await userEvent.click(screen.getByText('filter'));
      await waitFor(() =>
        expect(asked.at(-1)).toMatchObject({ pageNum: 1, search: 'quay', online: 'online' }),
      );
      await userEvent.click(screen.getByText('reset'));
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({
          pageNum: 1,
          pageSize: 20,
          sortField: 'lastSeenAt',
          sortOrder: 'desc',
        }),
      );
      expect(router.state.location.search).toBe('');
    },
    SLOW,
  );

  it(
    'answers an address it cannot use with the default page instead of an error',
    async () => {
      const asked = serveDevices();
      open(`${PAGE}?pageNum=zero&pageSize=-5&online=sometimes&sortField=password&sortOrder=up&search=r3000`);
      await screen.findByText('SN-1');
      // Only the usable part is kept; the server is never sent what its contract refuses.
      expect(asked).toEqual([
        { pageNum: 1, pageSize: 20, search: 'r3000', sortField: 'lastSeenAt', sortOrder: 'desc' },
      ]);
    },
    SLOW,
  );

  it(
    'moves a page past the last one back to the last page',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      routeServer({
        [listDevicesCall.path]: (body) => {
          const input = body as { pageNum: number };
          asked.push(input);
          // 45 devices: three pages of 20.
          const rows = input.pageNum <= 3 ? [deviceRow(`page-${input.pageNum}`)] : [];
          return { data: { list: rows, total: 45, totalCapped: false } };
        },
      });
      const { router } = open(`${PAGE}?pageNum=40`);
      await screen.findByText('page-3');
      expect(asked.map((a) => a.pageNum)).toEqual([40, 3]);
      expect(address(router)).toEqual({ pageNum: '3' });
    },
    SLOW,
  );
});
