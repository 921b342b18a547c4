import { ConfigProvider, Modal, message } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { antdTheme } from '../app/antd-theme.ts';
import { currentLanguage } from '../i18n/index.ts';
import type { Surfaces } from './surfaces.ts';

/**
 * Ant Design's static message and modal, in the console's theme and language: the surfaces of a
 * reaction shown where no NotifierBridge is mounted (the sign-in page draws without antd). Loaded
 * only then, so the sign-in page's first load carries none of it.
 */
export function staticSurfaces(): Surfaces {
  ConfigProvider.config({
    holderRender: (children) => (
      <ConfigProvider theme={antdTheme()} locale={currentLanguage() === 'cn' ? zhCN : enUS}>
        {children}
      </ConfigProvider>
    ),
  });
  return { message, modal: Modal as unknown as Surfaces['modal'] };
}
