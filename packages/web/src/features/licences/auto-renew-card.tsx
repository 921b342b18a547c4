import {
  AUTO_RENEW_LEAD_DAYS,
  AutoRenewPeriodSchema,
  type AutoRenewSetting,
  LICENCE_DAYS,
} from '@fleetport/contract';
import { App, Button, Card, Form, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { useAutoRenew, useSetAutoRenew } from './licence-queries.ts';

/** The company's auto-renew default (core §5: period 1-500), on the licences page. */
export function AutoRenewCard() {
  const { t } = useTranslation('licences');
  const lang = useLang();
  const { message } = App.useApp();
  const setting = useAutoRenew().data;
  const canApply = usePermission('licenses.apply');
  const [form] = Form.useForm<AutoRenewSetting>();
  const save = useSetAutoRenew(() => void message.success(t('autoRenew.saved')));
  if (!setting) return null;
  const periodLabel = t('autoRenew.period', { days: LICENCE_DAYS });

  return (
    <Card title={t('autoRenew.title')} data-testid="auto-renew-card">
      <Typography.Paragraph type="secondary">
        {t('autoRenew.explain', { lead: AUTO_RENEW_LEAD_DAYS })}
      </Typography.Paragraph>
      <Form<AutoRenewSetting>
        form={form}
        layout="inline"
        initialValues={setting}
        disabled={!canApply}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="enabled" label={t('autoRenew.enabled')} valuePropName="checked">
          <Switch data-testid="auto-renew-enabled" />
        </Form.Item>
        <Form.Item
          name="period"
          label={periodLabel}
          rules={[schemaRule(AutoRenewPeriodSchema, lang, periodLabel)]}
        >
          <NumberInput data-testid="auto-renew-period" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="auto-renew-save">
            {t('autoRenew.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
