import {
  COMPANY_TYPE_LABELS,
  COMPANY_TYPE_VALUES,
  type CompanyAccount,
  CompanyNameSchema,
  type CompanyType,
  updateCompanyAccountCall,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { shellKeys } from '../shell/shell-queries.ts';

export const companyAccountKey = ['companyAccount'] as const;

interface DetailValues {
  name: string;
  type: number;
  country: string;
}

/** Name, type, country and ID of the current company; editable with companyAccount.edit. */
export function CompanyDetails({ company, admin }: { company: CompanyAccount; admin: boolean }) {
  const { t } = useTranslation('operation');
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission('companyAccount.edit') && admin;
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const typeLabel = (type: number) => COMPANY_TYPE_LABELS[type as CompanyType]?.[lang] ?? String(type);

  async function save(values: DetailValues) {
    setSaving(true);
    try {
      await apiCall(updateCompanyAccountCall, {
        name: values.name.trim(),
        country: values.country?.trim() ?? '',
        ...(values.type !== company.type ? { type: values.type } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: companyAccountKey });
      await queryClient.invalidateQueries({ queryKey: shellKeys.userInfo() });
      setEditing(false);
      void message.success(t('company.saved'));
    } catch {
      // The client showed the code (10 name taken, 15002 type locked ...).
    } finally {
      setSaving(false);
    }
  }

  if (editing) {
    return (
      <Form<DetailValues>
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ name: company.name, type: company.type, country: company.country ?? '' }}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('company.name')}
          rules={[schemaRule(CompanyNameSchema, lang, t('company.name'))]}
        >
          <Input data-testid="company-name-input" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('company.type')}
          extra={company.hasRelations ? t('company.typeLocked') : undefined}
        >
          <Select
            disabled={company.hasRelations}
            data-testid="company-type-select"
            options={COMPANY_TYPE_VALUES.map((v) => ({ value: v, label: typeLabel(v) }))}
          />
        </Form.Item>
        <Form.Item name="country" label={t('company.country')}>
          <Input data-testid="company-country-input" maxLength={64} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="company-save">
            {t('common:save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('common:cancel')}</Button>
        </Space>
      </Form>
    );
  }

  return (
    <Space vertical style={{ width: '100%' }}>
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 640 }} data-testid="company-details">
        <Descriptions.Item label={t('company.name')}>
          <span data-testid="company-name">{company.name}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('company.type')}>
          <Tooltip title={company.hasRelations ? t('company.typeLocked') : ''}>
            {typeLabel(company.type)}
          </Tooltip>
        </Descriptions.Item>
        <Descriptions.Item label={t('company.country')}>{company.country || '- -'}</Descriptions.Item>
        <Descriptions.Item label={t('company.id')}>
          <span data-testid="company-id">{company.companyId}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('company.members')}>{company.memberCount}</Descriptions.Item>
      </Descriptions>
      {canEdit && (
        <Button onClick={() => setEditing(true)} data-testid="company-edit">
          {t('actions.edit')}
        </Button>
      )}
    </Space>
  );
}
