import type { CallDef, CallOutput, Envelope } from '@fleetport/contract';
import { configure, render } from '@testing-library/react';
// react-router/dom resolves to a second copy of the router under vitest; the plain provider only
// lacks flushSync, which jsdom renders do not need.
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { MyAccountPage } from '../features/accounts/my-account-page.tsx';
import { ComingSoonPage } from '../features/shell/coming-soon-page.tsx';
import { ShellHome } from '../features/shell/shell-home.tsx';
import { ShellLayout } from '../features/shell/shell-layout.tsx';
import { AppProviders, queryClient } from './providers.tsx';
import { ROUTES } from './routes.tsx';
import { menusHolding, signedInUser } from './test-menus.ts';

// The whole console renders lazy pages; on a busy machine the first one takes seconds to load.
configure({ asyncUtilTimeout: 10_000 });

/** Test-only: answers by API path; a function sees the JSON body. Unknown paths answer code 0, null. */
export type RouteAnswers = Record<string, Partial<Envelope> | ((body: unknown) => Partial<Envelope>)>;

/**
 * The answer of one contract call, its data typed by the call's output schema: a fake written with it
 * that drifts from the contract fails to compile. (Fakes written as plain `RouteAnswers` are not
 * checked yet; they move to this as their tests are touched.)
 */
export function answerOf<C extends CallDef>(call: C, data: CallOutput<C>): RouteAnswers {
  return { [call.path]: { code: 0, data } };
}

export function routeServer(answers: RouteAnswers) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console.test').pathname.replace(/^\/api/, '');
    const answer = answers[path];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const envelope = typeof answer === 'function' ? answer(body) : (answer ?? { code: 0, data: null });
    return new Response(JSON.stringify({ code: 0, data: null, msg: '', ...envelope }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The shell's own calls for a signed-in user whose role holds `funCodes`: instructions seen, no notices. */
export function shellAnswers(funCodes: readonly string[], user: object = signedInUser(2)): RouteAnswers {
  return {
    '/pl/user/getVisitMenus': { data: menusHolding(funCodes) },
    '/pl/sso/queryUserInfo': { data: user },
    '/pl/user/getInstructionStatus': { data: { status: '1' } },
    '/pl/notification/getShowNotes': { data: [] },
  };
}

/**
 * The shell alone (eagerly loaded), every console page a placeholder: tests of the shell stay
 * independent of the feature pages that fill the console.
 */
export const SHELL_ONLY_ROUTES: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { path: '/', element: <ShellHome /> },
      { path: '/myAccount', element: <MyAccountPage /> },
      { path: '*', element: <ComingSoonPage /> },
    ],
  },
];

/** A route table in memory (the whole console by default), opened at `path`, as the browser would show it. */
export function renderConsole(path: string, routes: RouteObject[] = ROUTES) {
  queryClient.clear();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
