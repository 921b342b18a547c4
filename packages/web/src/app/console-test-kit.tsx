import type { CallDef, CallOutput, Envelope, OutputOfPath, UserInfo } from '@fleetport/contract';
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

const REFUSED = Symbol('refused');

/** A refusal: a catalogue code whose `data` is whatever the code carries (an SN, a limit), not the output. */
export interface Refusal {
  code: number;
  data?: unknown;
  msg?: string;
  /** Marks it as meant (a symbol: JSON leaves it out of what the console receives). */
  [REFUSED]: true;
}

export function refused(code: number, data: unknown = null, msg?: string): Refusal {
  return { code, data, ...(msg === undefined ? {} : { msg }), [REFUSED]: true };
}

/** One fake answer: an envelope whose `data` is what the call at that path answers, or a refusal. */
type Answer<T> = Partial<Envelope<T>> | Refusal;
type FakeAnswer<T> = Answer<T> | ((body: unknown) => Answer<T>);

/**
 * Test-only: answers by API path; a function sees the JSON body. Unknown paths answer code 0, null.
 * Each path's `data` is typed by its call's output schema (`OutputOfPath`), so a fake that drifts from
 * the contract, or names a path the contract does not have, fails to compile.
 */
export type RouteAnswers = { [P in keyof OutputOfPath]?: FakeAnswer<OutputOfPath[P]> };

/** The answer of one contract call, its data typed by the call's output schema. */
export function answerOf<C extends CallDef>(call: C, data: CallOutput<C>): RouteAnswers {
  return { [call.path]: { code: 0, data } } as RouteAnswers;
}

export function routeServer(answers: RouteAnswers) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console.test').pathname.replace(/^\/api/, '');
    const answer = (answers as Record<string, FakeAnswer<unknown> | undefined>)[path];
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
export function shellAnswers(funCodes: readonly string[], user: UserInfo = signedInUser(2)): RouteAnswers {
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
