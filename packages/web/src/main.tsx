// First: zod may not eval in the console (its CSP forbids it), before any schema is built.
import '@fleetport/contract/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { RootProviders } from './app/root-providers.tsx';
import { createRouter } from './app/routes.tsx';
import './i18n/index.ts';

const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RootProviders>
      <RouterProvider router={router} />
    </RootProviders>
  </StrictMode>,
);
