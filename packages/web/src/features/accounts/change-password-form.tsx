import { UpdatePasswordBodySchema, type UserInfo, updatePasswordCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { confirmPasswordRules, newPasswordRules } from '../auth/password-rules.ts';
import { shellKeys } from '../shell/shell-queries.ts';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export function ChangePasswordForm({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation('account');
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);

  async function submit(values: PasswordForm) {
    setBusy(true);
    try {
      await apiCall(updatePasswordCall, values);
      form.resetFields();
      void message.success(t('password.changed'));
      // initialPwd is now 0: the shell stops asking for a reset.
      void queryClient.invalidateQueries({ queryKey: shellKeys.userInfo() });
    } catch {
      // The client showed the code (12 password reused, wrong current password ...).
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<PasswordForm>
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      style={{ maxWidth: 420 }}
    >
      <Form.Item
        name="oldPassword"
        label={t('password.oldPassword')}
        rules={[schemaRule(UpdatePasswordBodySchema.shape.oldPassword, lang, t('password.oldPassword'))]}
      >
        <Input.Password data-testid="account-old-password" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password.newPassword')}
        rules={newPasswordRules(lang, {}, { account: user?.loginAccount, userName: user?.userName })}
      >
        <Input.Password data-testid="account-new-password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('password.confirmPassword')}
        dependencies={['password']}
        rules={confirmPasswordRules(lang)}
      >
        <Input.Password data-testid="account-confirm-password" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="account-change-password">
        {t('password.submit')}
      </Button>
    </Form>
  );
}
