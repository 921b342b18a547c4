import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useBlockLeave } from './block-leave.ts';
import { AppProviders } from './providers.tsx';

function EditingPointTable() {
  useBlockLeave('pointTable');
  return <p>editing</p>;
}

function SavedPage() {
  useBlockLeave(null);
  return <p>saved</p>;
}

function mount(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('useBlockLeave', () => {
  it('keeps the user on a page with unsaved edits and tells them to save first', async () => {
    const router = mount(<EditingPointTable />);
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/edit');
    expect(await screen.findByText('The point table is being edited. Please save it first.')).toBeTruthy();
  });

  it('lets the user go when there is nothing to save', async () => {
    const router = mount(<SavedPage />);
    await act(() => router.navigate('/elsewhere'));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
