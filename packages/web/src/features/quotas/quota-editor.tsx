import {
  type CompanyQuota,
  LICENCE_PRODUCT_LABELS,
  LICENCE_PRODUCTS,
  type LicenceQuota,
  QUOTA_MAX_API_CALLS_PER_SECOND,
  QUOTA_MAX_DEVICES,
  QUOTA_PERIOD_LABELS,
  QUOTA_PERIODS,
  type QuotaLimits,
} from '@fleetport/contract';
import { App, Button, Flex, Form, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { Spinner } from '../../widgets/spinner.tsx';
import { useCustomerQuota, useSetCustomerQuota } from './quota-queries.ts';
import { quotas } from './quotas.i18n.ts';

addNamespaces({ quotas });

interface QuotaValues {
  devices: number | null;
  apiCallsPerSecond: number | null;
  licences: LicenceQuota[];
}

/**
 * A customer's limits as its partner sets them (the "Limits" tab of a customer's page): devices, open
 * API rate and licence limits per product, each beside what the customer uses and the partner's own
 * limit. The server refuses more than the partner holds (15054) with the field named.
 */
export function QuotaEditor({ companyId }: { companyId: number }) {
  const quota = useCustomerQuota(companyId);
  if (!quota.data) return <Spinner />;
  // Keyed by the save time, so a saved quota resets the form to what the server holds.
  return <QuotaForm key={quota.data.updatedAt ?? 0} quota={quota.data} />;
}

function QuotaForm({ quota }: { quota: CompanyQuota }) {
  const { t } = useTranslation('quotas');
  const lang = useLang();
  const { message } = App.useApp();
  const canEdit = usePermission('customers.edit');
  const [form] = Form.useForm<QuotaValues>();
  const save = useSetCustomerQuota(() => void message.success(t('saved', { name: quota.companyName })));
  const ceiling = quota.ceiling;
  const drawn = new Map(quota.licences.map((l) => [l.product, l.drawn]));
  const hint = (own: number | null | undefined, empty: string) =>
    own == null ? empty : t('ceiling', { limit: own });

  const submit = (v: QuotaValues) => {
    const limits: QuotaLimits = {
      devices: v.devices ?? null,
      apiCallsPerSecond: v.apiCallsPerSecond ?? null,
      licences: v.licences ?? [],
    };
    save.mutate({ companyId: quota.companyId, ...limits });
  };

  return (
    <Flex vertical gap={8} data-testid="quota-editor">
      <Typography.Paragraph type="secondary">
        {t('explain', { name: quota.companyName })}{' '}
        {quota.updatedAt === null
          ? t('notSet')
          : quota.setBy
            ? t('setBy', { name: quota.setBy })
            : t('setByPlatform')}
      </Typography.Paragraph>
      <Form<QuotaValues>
        form={form}
        layout="vertical"
        disabled={!canEdit}
        onFinish={submit}
        initialValues={{
          devices: quota.devices.limit,
          apiCallsPerSecond: quota.apiCallsPerSecond,
          licences: quota.licences.map(({ product, limit, period }) => ({ product, limit, period })),
        }}
      >
        <Space wrap size="large" align="start">
          <Form.Item
            name="devices"
            label={t('devices')}
            extra={`${t('held', { held: quota.devices.held })} · ${hint(ceiling?.devices, t('noLimit'))}`}
          >
            <NumberInput
              min={0}
              max={ceiling?.devices ?? QUOTA_MAX_DEVICES}
              precision={0}
              style={{ width: 200 }}
              data-testid="quota-devices"
            />
          </Form.Item>
          <Form.Item
            name="apiCallsPerSecond"
            label={t('apiCallsPerSecond')}
            extra={hint(ceiling?.apiCallsPerSecond, t('apiExplain'))}
          >
            <NumberInput
              min={1}
              max={ceiling?.apiCallsPerSecond ?? QUOTA_MAX_API_CALLS_PER_SECOND}
              precision={0}
              style={{ width: 200 }}
              data-testid="quota-api"
            />
          </Form.Item>
        </Space>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('licences')}
        </Typography.Title>
        <Form.List name="licences">
          {(rows, { add, remove }) => (
            <Flex vertical gap={4} style={{ marginTop: 8 }}>
              {rows.map((row) => {
                const product = form.getFieldValue(['licences', row.name, 'product']) as string | undefined;
                const own = ceiling?.licences.find((l) => l.product === product);
                return (
                  <Space key={row.key} align="baseline" wrap data-testid="quota-licence-row">
                    <Form.Item name={[row.name, 'product']} rules={[{ required: true }]}>
                      <Select
                        style={{ width: 200 }}
                        aria-label={t('product')}
                        options={LICENCE_PRODUCTS.map((p) => ({
                          value: p,
                          label: LICENCE_PRODUCT_LABELS[p][lang],
                        }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[row.name, 'limit']}
                      rules={[{ required: true }]}
                      extra={own ? t('ceiling', { limit: own.limit }) : undefined}
                    >
                      <NumberInput
                        min={0}
                        max={own?.limit ?? 1_000_000}
                        precision={0}
                        aria-label={t('limit')}
                        data-testid="quota-licence-limit"
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'period']} rules={[{ required: true }]}>
                      <Select
                        style={{ width: 120 }}
                        aria-label={t('period')}
                        options={QUOTA_PERIODS.map((p) => ({
                          value: p,
                          label: QUOTA_PERIOD_LABELS[p][lang],
                        }))}
                      />
                    </Form.Item>
                    {product && drawn.has(product as LicenceQuota['product']) ? (
                      <Typography.Text type="secondary">
                        {t('drawn')}: {drawn.get(product as LicenceQuota['product'])}
                      </Typography.Text>
                    ) : null}
                    <Button type="link" onClick={() => remove(row.name)}>
                      {t('remove')}
                    </Button>
                  </Space>
                );
              })}
              <Button
                onClick={() => add(nextLicence(form.getFieldValue('licences') ?? [], ceiling))}
                style={{ alignSelf: 'flex-start' }}
                data-testid="quota-add-licence"
              >
                {t('addLicence')}
              </Button>
            </Flex>
          )}
        </Form.List>
        {canEdit ? (
          <Button
            type="primary"
            htmlType="submit"
            loading={save.isPending}
            style={{ marginTop: 16 }}
            data-testid="quota-save"
          >
            {t('save')}
          </Button>
        ) : null}
      </Form>
    </Flex>
  );
}

/**
 * A new row: first a product the partner is limited on itself (which the customer must be limited on
 * too, 15054), counted as the partner's is; then the first product without a limit, per month.
 */
function nextLicence(present: LicenceQuota[], ceiling: QuotaLimits | null): LicenceQuota {
  const taken = new Set(present.map((l) => l.product));
  const own = ceiling?.licences.find((l) => !taken.has(l.product));
  if (own) return { product: own.product, limit: 0, period: own.period };
  const product = LICENCE_PRODUCTS.find((p) => !taken.has(p)) ?? 'ESSENTIAL';
  return { product, limit: 0, period: 'month' };
}
