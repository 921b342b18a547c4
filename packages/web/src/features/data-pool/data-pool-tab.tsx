import {
  DATA_PACKAGE_BYTES,
  DATA_PACKAGE_VALID_DAYS,
  DataPoolSettingsSchema,
  type DataPoolSummary,
  formatBytes,
} from '@fleetport/contract';
import { App, Button, Card, Col, Flex, Form, Row, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../app/form-rules.ts';
import { Can, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { LineChart } from '../../widgets/charts/line-chart.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { NumberInput } from '../../widgets/number-input.tsx';
import { Spinner } from '../../widgets/spinner.tsx';
import { AddPackagesDialog } from './add-packages-dialog.tsx';
import { dataPool } from './data-pool.i18n.ts';
import { DataPoolItems } from './data-pool-items.tsx';
import { useDataPoolSummary, useDataPoolUsage, useSaveDataPoolSettings } from './data-pool-queries.ts';

// The tab's text comes with it (i18n/resources.ts PAGE_TEXT).
addNamespaces({ dataPool });

/**
 * The data pool tab of the licences page (issue 13): total, used and remaining VPN data, the alert
 * threshold, traffic per day, and the items with their state and expiry.
 */
export function DataPoolTab() {
  const { t } = useTranslation('dataPool');
  const summary = useDataPoolSummary();
  const [adding, setAdding] = useState(false);
  if (!summary.data) return <Spinner />;
  const pool = summary.data;
  const addButton = (
    <Can funCode="licenses.apply">
      <Button type="primary" onClick={() => setAdding(true)} data-testid="data-pool-add">
        {t('addPackages')}
      </Button>
    </Can>
  );
  const hasData = pool.totalBytes > 0 || pool.items.expired > 0 || pool.uncoveredBytes > 0;

  return (
    <Flex vertical gap={16} data-testid="data-pool-tab">
      <Card
        title={
          <Flex gap={8} align="center">
            {t('title')}
            <AlertTag alert={pool.alert} />
          </Flex>
        }
        extra={addButton}
      >
        <Typography.Paragraph type="secondary">
          {t('explain', { size: formatBytes(DATA_PACKAGE_BYTES), days: DATA_PACKAGE_VALID_DAYS })}
        </Typography.Paragraph>
        {hasData ? <Totals pool={pool} /> : <EmptyState description={t('empty')}>{addButton}</EmptyState>}
        <LowPercentForm pool={pool} />
      </Card>
      {hasData && <UsageCard />}
      <DataPoolItems emptyAction={addButton} />
      <AddPackagesDialog open={adding} onClose={() => setAdding(false)} available={pool.packagesAvailable} />
    </Flex>
  );
}

function AlertTag({ alert }: { alert: DataPoolSummary['alert'] }) {
  const { t } = useTranslation('dataPool');
  if (!alert) return null;
  return (
    <Tag color={alert === 'exhausted' ? 'red' : 'orange'} data-testid="data-pool-alert">
      {t(`alert.${alert}`)}
    </Tag>
  );
}

function Totals({ pool }: { pool: DataPoolSummary }) {
  const { t } = useTranslation('dataPool');
  const stat = (key: string, title: string, bytes: number) => (
    <Col xs={12} md={8} xl={4} key={key}>
      <Statistic title={title} value={formatBytes(bytes)} data-testid={`data-pool-${key}`} />
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {stat('total', t('total'), pool.totalBytes)}
      {stat('used', t('used'), pool.usedBytes)}
      {stat('remaining', t('remaining'), pool.remainingBytes)}
      {pool.uncoveredBytes > 0 && stat('uncovered', t('uncovered'), pool.uncoveredBytes)}
      <Col xs={12} md={8} xl={4}>
        <Statistic title={t('packagesAvailable')} value={pool.packagesAvailable} />
      </Col>
    </Row>
  );
}

function LowPercentForm({ pool }: { pool: DataPoolSummary }) {
  const { t } = useTranslation('dataPool');
  const lang = useLang();
  const { message } = App.useApp();
  const canApply = usePermission('licenses.apply');
  const save = useSaveDataPoolSettings(() => void message.success(t('settings.saved')));
  const label = t('settings.lowPercent');
  return (
    <Form
      layout="inline"
      style={{ marginTop: 16 }}
      initialValues={{ lowPercent: pool.lowPercent }}
      disabled={!canApply}
      onFinish={(values: { lowPercent: number }) => save.mutate(values)}
    >
      <Form.Item
        name="lowPercent"
        label={label}
        rules={[schemaRule(DataPoolSettingsSchema.shape.lowPercent, lang, label)]}
      >
        <NumberInput data-testid="data-pool-low-percent" />
      </Form.Item>
      <Form.Item>
        <Button htmlType="submit" loading={save.isPending} data-testid="data-pool-save-settings">
          {t('settings.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function UsageCard() {
  const { t } = useTranslation('dataPool');
  const usage = useDataPoolUsage().data ?? [];
  const MB = 1024 * 1024;
  const series = [{ name: t('usedSeries'), data: usage.map((d) => d.usedBytes / MB) }];
  if (usage.some((d) => d.uncoveredBytes > 0))
    series.push({ name: t('uncoveredSeries'), data: usage.map((d) => d.uncoveredBytes / MB) });
  return (
    <Card title={t('usage')} data-testid="data-pool-usage">
      <LineChart categories={usage.map((d) => d.day.slice(5))} series={series} unit="MB" />
    </Card>
  );
}
