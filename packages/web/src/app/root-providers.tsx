import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { queryClient } from './query-client.ts';

/**
 * What every page needs: the query cache and the translations. Ant Design's providers are not here:
 * the sign-in page draws without antd, and every other route loads them with the console's frame
 * (app/antd-frame.tsx), so the first visit to the sign-in page downloads no antd.
 */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
