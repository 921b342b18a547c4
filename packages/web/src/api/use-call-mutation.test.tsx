import { createTagCall, errorMessage, getTagsCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, queryClient } from '../app/providers.tsx';
import { apiCall } from './client.ts';
import { signedInEachTest } from './test-support.tsx';
import { useCallMutation } from './use-call-mutation.ts';

const TAGS_KEY = ['tags-under-test'];

/** A tag list and its "Create" button, the way a page uses the hook. */
function TagCreator({ onCreated }: { onCreated?: (tagId: number) => void }) {
  const tags = useQuery({ queryKey: TAGS_KEY, queryFn: () => apiCall(getTagsCall, {}) });
  const create = useCallMutation(createTagCall, {
    invalidates: [TAGS_KEY],
    onSuccess: (tag) => onCreated?.(tag.tagId),
  });
  return (
    <div>
      <output data-testid="tags">{(tags.data ?? []).map((tag) => tag.tagName).join(',')}</output>
      <Button
        loading={create.isPending}
        onClick={() => create.mutate({ tagName: 'pier7' })}
        data-testid="create"
      >
        Create
      </Button>
      {create.isError && <output data-testid="failed-code">{create.error.code}</output>}
    </div>
  );
}

// The hook is typed by the call: the input is the call's and nothing else.
export function TypedByTheCall() {
  const create = useCallMutation(createTagCall);
  // @ts-expect-error createTag takes a tagName, not a name
  create.mutate({ name: 'x' });
  return null;
}

/** The network, answered by hand: each call waits until the test lets it answer. */
function heldServer() {
  const pending: Array<{ path: string; body: unknown; answer: (envelope: object) => void }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          pending.push({
            path: new URL(url, 'http://console.test').pathname.replace(/^\/api/, ''),
            body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
            answer: (envelope) =>
              resolve(
                new Response(JSON.stringify({ code: 0, data: null, msg: '', ...envelope }), {
                  headers: { 'content-type': 'application/json' },
                }),
              ),
          });
        }),
    ),
  );
  const next = async (path: string) => {
    await waitFor(() => expect(pending.some((call) => call.path === path)).toBe(true));
    const index = pending.findIndex((call) => call.path === path);
    return pending.splice(index, 1)[0]!;
  };
  return { next };
}

function show(onCreated?: (tagId: number) => void) {
  queryClient.clear();
  render(
    <AppProviders>
      <TagCreator onCreated={onCreated} />
    </AppProviders>,
  );
}

const busy = () => screen.getByTestId('create').classList.contains('ant-btn-loading');

// Ant Design tables in jsdom on a shared two-core machine.
const SLOW = 60_000;

signedInEachTest();

describe('useCallMutation', () => {
  it(
    'is busy while the call runs, then refetches the lists it changes before it is done',
    async () => {
      const server = heldServer();
      const created: number[] = [];
      show((tagId) => created.push(tagId));
      (await server.next(getTagsCall.path)).answer({ data: [] });

      await userEvent.click(screen.getByTestId('create'));
      const call = await server.next(createTagCall.path);
      expect(call.body).toEqual({ tagName: 'pier7' });
      expect(busy()).toBe(true);

      call.answer({ data: { tagId: 12, tagName: 'pier7', deviceCount: 0 } });
      // Still busy until the list shows the new tag: no moment where the button is free and the list stale.
      (await server.next(getTagsCall.path)).answer({
        data: [{ tagId: 12, tagName: 'pier7', deviceCount: 0 }],
      });
      await waitFor(() => expect(busy()).toBe(false));
      expect(screen.getByTestId('tags').textContent).toBe('pier7');
      expect(created).toEqual([12]);
    },
    SLOW,
  );

  it(
    'leaves a refused call to the one client: its toast shows, the button frees, nothing is thrown',
    async () => {
      const server = heldServer();
      const created: number[] = [];
      show((tagId) => created.push(tagId));
      (await server.next(getTagsCall.path)).answer({ data: [] });

      await userEvent.click(screen.getByTestId('create'));
      (await server.next(createTagCall.path)).answer({ code: 200012 });
      expect(await screen.findByText(`${errorMessage(200012, 'en')} (200012)`)).toBeTruthy();
      await waitFor(() => expect(busy()).toBe(false));
      expect(screen.getByTestId('failed-code').textContent).toBe('200012');
      expect(created).toEqual([]);
    },
    SLOW,
  );
});
