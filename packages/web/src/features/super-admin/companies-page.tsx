import {
  COMPANY_TYPE_LABELS,
  COMPANY_TYPE_VALUES,
  CompanyNameSchema,
  type CompanyType,
  createDistributorCall,
  EmailSchema,
  ErrorCode,
  formatDateTime,
  grantInstallerTrialCall,
  listPlatformCompaniesCall,
  type PlatformCompany,
  setCompanyDisabledCall,
} from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { schemaRule } from '../../app/form-rules.ts';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { DraggableDialog } from '../../widgets/draggable-dialog.tsx';
import { superAdmin } from './super-admin.i18n.ts';

addNamespaces({ superAdmin });

const PAGE_SIZE = 10;
const KEY = [listPlatformCompaniesCall.id] as const;

interface Filter {
  keyword: string;
  type: CompanyType | undefined;
  state: 'enabled' | 'disabled' | undefined;
}

/** The Super Admin's companies (superAdmin/companies): every company, a new distributor, disabling. */
export function CompaniesPage() {
  const { t } = useTranslation('superAdmin');
  const lang = useLang();
  const { message } = App.useApp();
  const [pageNum, setPageNum] = useState(1);
  const [filter, setFilter] = useState<Filter>({ keyword: '', type: undefined, state: undefined });
  const [adding, setAdding] = useState(false);
  const input = {
    pageNum,
    pageSize: PAGE_SIZE,
    ...(filter.keyword.trim() ? { keyword: filter.keyword.trim() } : {}),
    ...(filter.type !== undefined ? { type: filter.type } : {}),
    ...(filter.state ? { state: filter.state } : {}),
  };
  const list = useQuery({
    queryKey: [...KEY, input],
    queryFn: () => apiCall(listPlatformCompaniesCall, input),
    placeholderData: keepPreviousData,
  });
  const toggle = useCallMutation(setCompanyDisabledCall, { invalidates: [KEY] });
  // 190327 is silent (core §8): the page says it in place.
  const trial = useCallMutation(grantInstallerTrialCall, { silent: true });
  const grantTrial = (c: PlatformCompany) =>
    trial.mutate(
      { companyId: c.companyId },
      {
        onSuccess: (done) =>
          void message.success(
            t('companies.trialGranted', { name: c.name, date: formatDateTime(done.trialEndsAt) }),
          ),
        onError: (error) =>
          void message.error(
            error.code === ErrorCode.INSTALLER_TRIAL_USED
              ? t('companies.trialUsed', { name: c.name })
              : error.message,
          ),
      },
    );
  const change = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPageNum(1);
  };
  const setDisabled = (c: PlatformCompany, disabled: boolean) =>
    toggle.mutate(
      { companyId: c.companyId, disabled },
      {
        onSuccess: () =>
          void message.success(
            t(disabled ? 'companies.disabledDone' : 'companies.enabledDone', { name: c.name }),
          ),
      },
    );

  return (
    <Card
      title={t('companies.title')}
      data-testid="platform-companies"
      extra={
        <Button type="primary" onClick={() => setAdding(true)} data-testid="distributor-add">
          {t('companies.add')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('companies.search')}
          onSearch={(keyword) => change({ keyword })}
          style={{ width: 240 }}
          data-testid="company-search"
        />
        <Select<CompanyType | undefined>
          style={{ width: 160 }}
          value={filter.type}
          onChange={(type) => change({ type })}
          placeholder={t('companies.allTypes')}
          allowClear
          data-testid="company-type-filter"
          options={COMPANY_TYPE_VALUES.map((type) => ({
            value: type,
            label: COMPANY_TYPE_LABELS[type][lang],
          }))}
        />
        <Select<'enabled' | 'disabled' | undefined>
          style={{ width: 160 }}
          value={filter.state}
          onChange={(state) => change({ state })}
          placeholder={t('companies.allStates')}
          allowClear
          data-testid="company-state-filter"
          options={[
            { value: 'enabled', label: t('companies.enabled') },
            { value: 'disabled', label: t('companies.disabled') },
          ]}
        />
      </Space>
      <Table<PlatformCompany>
        rowKey="companyId"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'name', title: t('companies.columns.name'), dataIndex: 'name' },
          {
            key: 'type',
            title: t('companies.columns.type'),
            render: (_: unknown, c) => COMPANY_TYPE_LABELS[c.type as CompanyType]?.[lang] ?? c.type,
          },
          {
            key: 'owner',
            title: t('companies.columns.owner'),
            render: (_: unknown, c) =>
              c.ownerAccount ? (
                <span translate="no">{c.ownerAccount}</span>
              ) : (
                <Tag>{t('companies.invited')}</Tag>
              ),
          },
          { key: 'users', title: t('companies.columns.users'), dataIndex: 'userCount' },
          {
            key: 'createdAt',
            title: t('companies.columns.createdAt'),
            render: (_: unknown, c) => formatDateTime(c.createdAt),
          },
          {
            key: 'state',
            title: t('companies.columns.state'),
            render: (_: unknown, c) =>
              c.disabled ? (
                <Tag color="red">{t('companies.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('companies.enabled')}</Tag>
              ),
          },
          {
            key: 'actions',
            title: t('companies.columns.actions'),
            render: (_: unknown, c) => (
              <Space>
                {c.disabled ? (
                  <Button
                    size="small"
                    onClick={() => setDisabled(c, false)}
                    data-testid={`company-enable-${c.companyId}`}
                  >
                    {t('companies.enable')}
                  </Button>
                ) : (
                  <Popconfirm
                    title={t('companies.disableTitle', { name: c.name })}
                    description={t('companies.disableHint')}
                    onConfirm={() => setDisabled(c, true)}
                    okButtonProps={{ danger: true }}
                  >
                    <Button size="small" danger data-testid={`company-disable-${c.companyId}`}>
                      {t('companies.disable')}
                    </Button>
                  </Popconfirm>
                )}
                <Popconfirm
                  title={t('companies.trialTitle', { name: c.name })}
                  description={t('companies.trialHint')}
                  onConfirm={() => grantTrial(c)}
                >
                  <Button size="small" data-testid={`company-trial-${c.companyId}`}>
                    {t('companies.grantTrial')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {adding ? <DistributorDialog onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

interface DistributorValues {
  name: string;
  country?: string;
  ownerEmail: string;
}

/** A new distributor and the invitation of its owner (a taken name is 10, shown by the client). */
function DistributorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('superAdmin');
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<DistributorValues>();
  const create = useCallMutation(createDistributorCall, {
    invalidates: [KEY],
    onSuccess: () => {
      void message.success(t('companies.created'));
      onClose();
    },
  });
  return (
    <DraggableDialog
      title={t('companies.dialogTitle')}
      open
      saving={create.isPending}
      onCancel={onClose}
      destroyOnHidden
      onSave={async () => {
        // A refused field shows its message under it; nothing is sent.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        create.mutate({
          name: v.name.trim(),
          ownerEmail: v.ownerEmail.trim(),
          ...(v.country?.trim() ? { country: v.country.trim() } : {}),
        });
      }}
    >
      <Form<DistributorValues> form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('companies.fields.name')}
          rules={[schemaRule(CompanyNameSchema, lang, t('companies.fields.name'))]}
        >
          <Input maxLength={50} data-testid="distributor-name" />
        </Form.Item>
        <Form.Item name="country" label={t('companies.fields.country')}>
          <Input maxLength={64} data-testid="distributor-country" />
        </Form.Item>
        <Form.Item
          name="ownerEmail"
          label={t('companies.fields.ownerEmail')}
          extra={t('companies.ownerHint')}
          rules={[schemaRule(EmailSchema, lang, t('companies.fields.ownerEmail'))]}
        >
          <Input maxLength={254} data-testid="distributor-owner-email" />
        </Form.Item>
      </Form>
    </DraggableDialog>
  );
}
