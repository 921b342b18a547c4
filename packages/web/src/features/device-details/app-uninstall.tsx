import { type RemoteAction, uninstallDeviceAppCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Progress } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { rememberAction, useRemoteAction } from './remote-action-state.ts';
import { SOFTWARE_KEYS } from './software-queries.ts';
import { updateFailureText } from './update-history.tsx';

export interface Uninstall {
  rpcId: string;
  name: string;
  packageName: string;
}

/** The uninstall button of one app: a confirmation, then the RPC (120052 offline is shown by the client). */
export function UninstallButton({
  sn,
  app,
  busy,
  onStarted,
}: {
  sn: string;
  app: { name: string; packageName: string };
  busy: boolean;
  onStarted: (uninstall: Uninstall) => void;
}) {
  const { modal } = App.useApp();
  const { t } = useTranslation('deviceSoftware');
  const queryClient = useQueryClient();
  const confirm = () =>
    modal.confirm({
      title: t('apps.confirmUninstall', { name: app.name, sn }),
      content: t('apps.uninstallHint'),
      okText: t('apps.uninstall'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-uninstall' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: async () => {
        try {
          const sent = await apiCall(uninstallDeviceAppCall, { sn, packageName: app.packageName });
          rememberAction(queryClient, sent);
          onStarted({ rpcId: sent.rpcId, name: app.name, packageName: app.packageName });
        } catch {
          // Offline (120052) and the like: the client shows the catalogue message.
        }
      },
    });
  return (
    <Button
      size="small"
      danger
      disabled={busy}
      onClick={confirm}
      data-testid={`uninstall-${app.packageName}`}
    >
      {t('apps.uninstall')}
    </Button>
  );
}

/** Progress of the uninstall that runs, then its result; a success lists the apps again. */
export function UninstallProgress({
  sn,
  uninstall,
  liveOpen,
}: {
  sn: string;
  uninstall: Uninstall;
  liveOpen: boolean;
}) {
  const { t } = useTranslation('deviceSoftware');
  const queryClient = useQueryClient();
  const action = useRemoteAction(uninstall.rpcId, liveOpen).data as RemoteAction | null | undefined;
  const state = action?.state ?? 'inExecution';
  useEffect(() => {
    if (state === 'inExecution') return;
    void queryClient.invalidateQueries({ queryKey: SOFTWARE_KEYS.history(sn) });
    if (state === 'success') void queryClient.invalidateQueries({ queryKey: SOFTWARE_KEYS.apps(sn) });
  }, [state, sn, queryClient]);

  const name = uninstall.name;
  const error = (action?.error ?? null) as { code?: number; message?: string } | null;
  const [type, text] =
    state === 'success'
      ? (['success', t('apps.uninstalled', { name })] as const)
      : state === 'failure'
        ? ([
            'error',
            t('apps.uninstallFailed', {
              name,
              reason: updateFailureText({
                errorCode: error?.code ?? null,
                errorMessage: error?.message ?? null,
              }),
            }),
          ] as const)
        : state === 'timeout'
          ? (['warning', t('apps.uninstallTimeout', { name })] as const)
          : (['info', t('apps.uninstalling', { name })] as const);
  return (
    <div data-testid="uninstall-result" data-state={state}>
      <Alert type={type} showIcon title={text} />
      {state === 'inExecution' && (
        <Progress percent={action?.delivered ? 60 : 20} status="active" showInfo={false} size="small" />
      )}
    </div>
  );
}
