import {
  createRoleCall,
  DescriptionSchema,
  grantableFunCodes,
  NameSchema,
  ROLE_TYPE_LABELS,
  roleTypeName,
} from '@fleetport/contract';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { CUSTOM_ROLE_BASES } from './role-queries.ts';

interface RoleValues {
  roleName: string;
  roleType: number;
  description?: string;
}

/**
 * A custom role from the Operator or Read-only type (core §6). It starts with every function of its
 * type; `onCreated` opens the privilege tree to narrow it.
 */
export function CreateRoleDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (roleId: number) => void;
}) {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const [form] = Form.useForm<RoleValues>();
  // A refusal is shown by the client and the dialog stays.
  const create = useCallMutation(createRoleCall, {
    onSuccess: (created) => created && onCreated(created.roleId),
  });

  async function save() {
    const v = await form.validateFields();
    create.mutate({
      roleName: v.roleName.trim(),
      roleType: v.roleType,
      description: v.description?.trim() ?? '',
      funCodes: grantableFunCodes(v.roleType),
    });
  }

  return (
    <DraggableDialog
      title={t('roles.create')}
      open={open}
      onCancel={onClose}
      onSave={save}
      saving={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={{ roleType: CUSTOM_ROLE_BASES[0] }}>
        <Form.Item
          name="roleName"
          label={t('roles.name')}
          rules={[schemaRule(NameSchema, lang, t('roles.name'))]}
        >
          <Input data-testid="role-name" maxLength={50} />
        </Form.Item>
        <Form.Item name="roleType" label={t('roles.baseType')} extra={t('roles.baseTypeHint')}>
          <Radio.Group data-testid="role-type">
            {CUSTOM_ROLE_BASES.map((type) => {
              const key = roleTypeName(type);
              return (
                <Radio key={type} value={type} data-testid={`role-type-${type}`}>
                  {key ? ROLE_TYPE_LABELS[key][lang] : type}
                </Radio>
              );
            })}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('roles.description')}
          rules={[schemaRule(DescriptionSchema, lang, t('roles.description'))]}
        >
          <Input.TextArea data-testid="role-description" maxLength={200} rows={3} />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
