import { deleteUserCall, setUserStatusCall, USER_STATUS, type UserRow } from '@fleetport/contract';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { usePermission } from '../../app/permissions.tsx';

/**
 * A user row's buttons, each behind its funCode. The company's default user and oneself cannot be
 * disabled or deleted (core §6; the server answers 14025 / 14028 / 14029 too).
 */
export function UserActions({
  user,
  selfId,
  onEdit,
  onChanged,
}: {
  user: UserRow;
  selfId: number | undefined;
  onEdit: (user: UserRow) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation('operation');
  const { modal, message } = App.useApp();
  const canEdit = usePermission('users.edit');
  const canRemove = usePermission('users.remove');
  const locked = user.isDelete === 0;
  const self = user.userId === selfId;
  const enabled = user.status === USER_STATUS.enabled;

  function confirm(title: string, content: string, send: () => Promise<unknown>, done: string) {
    modal.confirm({
      title,
      content,
      okText: t('confirm.ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
      onOk: async () => {
        try {
          await send();
          void message.success(done);
          onChanged();
        } catch {
          // The client showed the code.
        }
      },
    });
  }

  return (
    <Space size={0}>
      {canEdit && (
        <Button
          type="link"
          size="small"
          disabled={locked}
          onClick={() => onEdit(user)}
          data-testid="user-edit"
        >
          {t('actions.edit')}
        </Button>
      )}
      {canEdit && (
        <Button
          type="link"
          size="small"
          disabled={locked || self}
          data-testid="user-toggle"
          onClick={() =>
            confirm(
              enabled ? t('users.disableTitle') : t('users.enableTitle'),
              t(enabled ? 'users.disableText' : 'users.enableText', { name: user.userName }),
              () =>
                apiCall(setUserStatusCall, {
                  userId: user.userId,
                  status: enabled ? USER_STATUS.disabled : USER_STATUS.enabled,
                }),
              enabled ? t('users.disabled') : t('users.enabled'),
            )
          }
        >
          {enabled ? t('users.disable') : t('users.enable')}
        </Button>
      )}
      {canRemove && (
        <Button
          type="link"
          size="small"
          danger
          disabled={locked || self}
          data-testid="user-delete"
          onClick={() =>
            confirm(
              t('users.deleteTitle'),
              t('users.deleteText', { name: user.userName }),
              () => apiCall(deleteUserCall, { userId: user.userId }),
              t('users.deleted'),
            )
          }
        >
          {t('actions.delete')}
        </Button>
      )}
    </Space>
  );
}
