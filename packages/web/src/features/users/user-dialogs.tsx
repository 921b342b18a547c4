import {
  createUserCall,
  EmailSchema,
  inviteUserCall,
  LoginAccountSchema,
  PASSWORD_EXPIRY_MAX_DAYS,
  UserNameSchema,
  type UserRow,
  updateUserCall,
} from '@fleetport/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { NumberInput as InputNumber } from '../../widgets/number-input.tsx';
import { confirmPasswordRules, newPasswordRules } from '../auth/password-rules.ts';
import { useRoleOptions } from '../roles/role-queries.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onDone: () => void;
}

function RoleSelect(props: { value?: number; onChange?: (v: number) => void; testId: string }) {
  const roles = useRoleOptions().data ?? [];
  return (
    <Select
      value={props.value}
      onChange={props.onChange}
      data-testid={props.testId}
      options={roles.map((r) => ({ value: r.roleId, label: r.roleName }))}
      popupRender={(menu) => <div data-testid={`${props.testId}-options`}>{menu}</div>}
    />
  );
}

/** Invite a person by e-mail with a role (core §4: pending until they accept). */
export function InviteDialog({ open, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const [form] = Form.useForm<{ email: string; roleId: number }>();
  // A refused call leaves the dialog open (the client showed the code).
  const invite = useCallMutation(inviteUserCall, { onSuccess: onDone });
  return (
    <DraggableDialog
      title={t('users.invite')}
      open={open}
      saving={invite.isPending}
      onCancel={onClose}
      destroyOnHidden
      onSave={async () => {
        const values = await form.validateFields();
        invite.mutate({ email: values.email.trim(), roleId: values.roleId });
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[schemaRule(EmailSchema, lang, t('users.email'))]}
        >
          <Input data-testid="invite-email" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('users.role')}
          rules={[{ required: true, message: t('users.roleRequired') }]}
        >
          <RoleSelect testId="invite-role" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}

interface UserValues {
  account: string;
  userName: string;
  roleId: number;
  password: string;
  confirmPassword: string;
  passwordExpiryDays?: number | null;
}

/** Create a person with an initial password, or edit a user's name, role and password expiry. */
export function UserDialog({ open, onClose, onDone, user }: DialogProps & { user: UserRow | null }) {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const [form] = Form.useForm<UserValues>();
  const create = useCallMutation(createUserCall, { onSuccess: onDone });
  const update = useCallMutation(updateUserCall, { onSuccess: onDone });
  const editing = user !== null;
  const expiry = (v: number | null | undefined) => (v === undefined || v === null ? null : v);

  async function save() {
    const v = await form.validateFields();
    if (editing)
      update.mutate({
        userId: user.userId,
        userName: v.userName.trim(),
        roleId: v.roleId,
        passwordExpiryDays: expiry(v.passwordExpiryDays),
      });
    else
      create.mutate({
        account: v.account.trim(),
        userName: v.userName.trim(),
        roleId: v.roleId,
        password: v.password,
        confirmPassword: v.confirmPassword,
        passwordExpiryDays: expiry(v.passwordExpiryDays),
      });
  }

  return (
    <DraggableDialog
      title={editing ? t('users.edit') : t('users.create')}
      open={open}
      saving={create.isPending || update.isPending}
      onCancel={onClose}
      onSave={save}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          user
            ? { userName: user.userName, roleId: user.roleId, passwordExpiryDays: user.passwordExpiryDays }
            : { passwordExpiryDays: null }
        }
      >
        {!editing && (
          <Form.Item
            name="account"
            label={t('users.loginAccount')}
            rules={[schemaRule(LoginAccountSchema, lang, t('users.loginAccount'))]}
          >
            <Input data-testid="user-account" maxLength={254} />
          </Form.Item>
        )}
        <Form.Item
          name="userName"
          label={t('users.userName')}
          rules={[schemaRule(UserNameSchema, lang, t('users.userName'))]}
        >
          <Input data-testid="user-form-name" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('users.role')}
          rules={[{ required: true, message: t('users.roleRequired') }]}
        >
          <RoleSelect testId="user-role" />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item
              name="password"
              label={t('users.password')}
              rules={newPasswordRules(lang, { account: 'account', userName: 'userName' })}
            >
              <Input.Password data-testid="user-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('users.confirmPassword')}
              dependencies={['password']}
              rules={confirmPasswordRules(lang)}
            >
              <Input.Password data-testid="user-confirm-password" autoComplete="new-password" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="passwordExpiryDays"
          label={t('users.passwordExpiry')}
          extra={t('users.passwordExpiryHint')}
        >
          <InputNumber
            min={1}
            max={PASSWORD_EXPIRY_MAX_DAYS}
            precision={0}
            style={{ width: 200 }}
            addonAfter={t('users.days')}
            data-testid="user-password-expiry"
          />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
