import { App } from 'antd';
import { useEffect } from 'react';
import { setSurfaces } from './notifier.tsx';

/** Mounted once inside Ant Design's App (app/antd-frame.tsx); hands its message and modal to the HTTP client. */
export function NotifierBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    const mine = { message, modal };
    setSurfaces(mine);
    return () => setSurfaces(null, mine);
  }, [message, modal]);
  return null;
}
