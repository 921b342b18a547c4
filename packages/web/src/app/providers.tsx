import type { ReactNode } from 'react';
import { AntdProviders } from './antd-frame.tsx';
import { RootProviders } from './root-providers.tsx';

export { queryClient } from './query-client.ts';

/**
 * Query cache, translations and Ant Design's providers together: what a page below the console's
 * frame renders in. Component tests render in it; the console itself mounts RootProviders at the
 * root and the antd part with the frame route (app/routes.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <RootProviders>
      <AntdProviders>{children}</AntdProviders>
    </RootProviders>
  );
}
