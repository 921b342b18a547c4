import { EditOutlined } from '@ant-design/icons';
import { ROLE_TYPE_LABELS, roleTypeName, UserNameSchema, updateMyAccountCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { rememberUser } from '../auth/session-store.ts';
import { shellKeys, useUserInfo } from '../shell/shell-queries.ts';
import { TwoFactorCard } from '../two-factor/two-factor-card.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** My Account (/myAccount and its operation and super-admin variants): profile and password. */
export function MyAccountPage() {
  const { t } = useTranslation('account');
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const [editing, setEditing] = useState(false);
  const roleType = user?.roleType ?? null;
  const roleTypeKey = roleType === null ? undefined : roleTypeName(roleType);

  async function saveName(values: { userName: string }) {
    try {
      await apiCall(updateMyAccountCall, { userName: values.userName.trim() });
      if (user) rememberUser({ ...user, userName: values.userName.trim() });
      await queryClient.invalidateQueries({ queryKey: shellKeys.userInfo() });
      setEditing(false);
      void message.success(t('profile.saved'));
    } catch {
      // The client showed the code.
    }
  }

  return (
    <Flex vertical gap={16} data-testid="my-account">
      <Card
        title={t('profile.title')}
        extra={
          // The Super Admin belongs to no company; everyone else manages theirs on operation/userAccount.
          user?.companyName ? (
            <Link to="/operation/userAccount" data-testid="account-companies-link">
              {t('companies.manage')}
            </Link>
          ) : null
        }
      >
        <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }}>
          <Descriptions.Item label={t('profile.userName')}>
            {editing ? (
              <Form layout="inline" initialValues={{ userName: user?.userName }} onFinish={saveName}>
                <Form.Item name="userName" rules={[schemaRule(UserNameSchema, lang, t('profile.userName'))]}>
                  <Input data-testid="account-user-name" maxLength={50} />
                </Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" data-testid="account-save-name">
                    {t('common:save')}
                  </Button>
                  <Button onClick={() => setEditing(false)}>{t('common:cancel')}</Button>
                </Space>
              </Form>
            ) : (
              <Space>
                <span data-testid="account-profile-name">{user?.userName}</span>
                <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  {t('profile.edit')}
                </Button>
              </Space>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('profile.loginAccount')}>{user?.loginAccount}</Descriptions.Item>
          {user?.companyName && (
            <Descriptions.Item label={t('profile.company')}>{user.companyName}</Descriptions.Item>
          )}
          {user?.roleName && <Descriptions.Item label={t('profile.role')}>{user.roleName}</Descriptions.Item>}
          {roleTypeKey && (
            <Descriptions.Item label={t('profile.roleType')}>
              {ROLE_TYPE_LABELS[roleTypeKey][lang]}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title={t('password.title')}>
        {user?.initialPwd === 1 && (
          <Alert
            type="warning"
            showIcon
            title={t('password.initialHint')}
            style={{ marginBottom: 16, maxWidth: 640 }}
          />
        )}
        <ChangePasswordForm user={user} />
      </Card>
      <TwoFactorCard />
    </Flex>
  );
}
