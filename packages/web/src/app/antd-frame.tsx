import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NotifierBridge } from '../api/notifier-bridge.tsx';
import { FRAME_RESOURCES } from '../i18n/frame-resources.ts';
import { addNamespaces } from '../i18n/index.ts';
import { useAntdTheme } from './antd-theme.ts';

// The console's text beyond what the sign-in page says, before any page below renders (the device
// details' namespaces come with its modules: i18n/resources.ts PAGE_TEXT).
addNamespaces(FRAME_RESOURCES);

/** Ant Design's locale, theme and App context (message, modal), and the bridge the HTTP client toasts through. */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const theme = useAntdTheme();
  return (
    <ConfigProvider locale={current.language === 'cn' ? zhCN : enUS} theme={theme}>
      <AntApp>
        <NotifierBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/**
 * The route every page but the sign-in page sits under (app/routes.tsx), loaded with the first of
 * them: Ant Design's providers and the console's text.
 */
export function AntdFrame() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
