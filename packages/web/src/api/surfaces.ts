import type { App } from 'antd';

/** Where a reaction is shown: Ant Design's message and modal (the bridge's, or the static ones). */
export type Surfaces = Pick<ReturnType<typeof App.useApp>, 'message' | 'modal'>;
