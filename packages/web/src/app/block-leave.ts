import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** The two unsaved-edit messages of core §2 "Navigation guard". */
export const BLOCK_LEAVE_REASONS = {
  pointTable: 'shell:blockLeave.pointTable',
  endDevice: 'shell:blockLeave.endDevice',
} as const;
export type BlockLeaveReason = keyof typeof BLOCK_LEAVE_REASONS;

/**
 * Keeps the user on the page while there are unsaved edits: any navigation to another path is
 * refused with an error message telling them to save first. Pass null when there is nothing to
 * protect; a reason of core §2 (`pointTable`, `endDevice`) or a message of the page's own.
 */
export function useBlockLeave(message: BlockLeaveReason | (string & {}) | null): void {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      message !== null && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked' || message === null) return;
    const key = BLOCK_LEAVE_REASONS[message as BlockLeaveReason];
    void toast.error(key ? t(key) : message);
    blocker.reset();
  }, [blocker, message, t, toast]);
  // Closing or reloading the browser tab cannot show our message; the browser asks instead.
  useEffect(() => {
    if (message === null) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [message]);
}
