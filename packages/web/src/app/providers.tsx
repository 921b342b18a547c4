import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { NotifierBridge } from '../api/notifier.tsx';
import { i18n } from '../i18n/index.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A business code answers the same on a retry and would toast twice; only transport failures retry.
      retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.code > 0),
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  return (
    <ConfigProvider
      locale={current.language === 'cn' ? zhCN : enUS}
      theme={{ token: { colorPrimary: '#1668dc', borderRadius: 6 } }}
    >
      <AntApp>
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Query cache, translations and Ant Design's locale, shared by the console and component tests. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
