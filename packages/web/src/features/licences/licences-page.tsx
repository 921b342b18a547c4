import {
  LICENCE_DAYS,
  LICENCE_LEVEL_LABELS,
  LICENCE_PRODUCT_LABELS,
  type ProductBalance,
} from '@fleetport/contract';
import { Button, Card, Col, Flex, Row, Space, Statistic, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { PieChart } from '../../widgets/charts/pie-chart.tsx';
import { Spinner } from '../../widgets/spinner.tsx';
import { dataPool } from '../data-pool/data-pool.i18n.ts';
import { DataPoolTab } from '../data-pool/data-pool-tab.tsx';
import { MyLimitsCard } from '../quotas/my-limits-card.tsx';
import { AssignDialog } from './assign-dialog.tsx';
import { AutoRenewCard } from './auto-renew-card.tsx';
import { useLicenceBalances } from './licence-queries.ts';
import { licences } from './licences.i18n.ts';

// The page's own text comes with it, not with the console's frame (i18n/resources.ts PAGE_TEXT).
addNamespaces({ licences, dataPool });

/**
 * The licences page (core §2 operation/licenses): balances by product, devices by level, assignment;
 * and the VPN data pool as a second tab (`?tab=dataPool`, so a link or a reload opens it).
 */
export function LicencesPage() {
  const { t } = useTranslation('dataPool');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'dataPool' ? 'dataPool' : 'licences';
  return (
    <PageGate funCode="licenses.view">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'dataPool' ? { tab: key } : {}, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'licences', label: t('licencesTab'), children: <Licences /> },
          {
            key: 'dataPool',
            label: <span data-testid="data-pool-tab-label">{t('tab')}</span>,
            children: <DataPoolTab />,
          },
        ]}
      />
    </PageGate>
  );
}

function Licences() {
  const { t } = useTranslation('licences');
  const lang = useLang();
  const navigate = useNavigate();
  const balances = useLicenceBalances();
  const [assigning, setAssigning] = useState(false);
  if (!balances.data) return <Spinner />;
  const { products, devicesByLevel, offeredLevels } = balances.data;

  return (
    <Flex vertical gap={16} data-testid="licences-page">
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Space>
          <Can funCode="licenses.buyMore">
            <Button onClick={() => navigate('/operation/onlineCheckout')} data-testid="licences-buy-more">
              {t('buyMore')}
            </Button>
          </Can>
          <Can funCode="licenses.apply">
            <Button type="primary" onClick={() => setAssigning(true)} data-testid="licences-assign">
              {t('assign')}
            </Button>
          </Can>
        </Space>
      </Flex>
      <Row gutter={[16, 16]}>
        {products.map((balance) => (
          <Col key={balance.product} xs={24} md={12} xl={6}>
            <BalanceCard balance={balance} title={LICENCE_PRODUCT_LABELS[balance.product][lang]} />
          </Col>
        ))}
      </Row>
      <AutoRenewCard />
      <MyLimitsCard />
      <Card title={t('devicesByLevel')}>
        <PieChart
          unit={t('devices')}
          slices={devicesByLevel.map((d) => ({ name: LICENCE_LEVEL_LABELS[d.level][lang], value: d.count }))}
        />
      </Card>
      <AssignDialog open={assigning} onClose={() => setAssigning(false)} levels={offeredLevels} />
    </Flex>
  );
}

function BalanceCard({ balance, title }: { balance: ProductBalance; title: string }) {
  const { t } = useTranslation('licences');
  return (
    <Card title={title} data-testid={`licence-card-${balance.product}`}>
      <Row gutter={8}>
        <Col span={12}>
          <Statistic title={t('available')} value={balance.available} />
        </Col>
        <Col span={12}>
          <Statistic title={t('owned')} value={balance.owned} />
        </Col>
        <Col span={12}>
          <Statistic title={t('assigned')} value={balance.assigned} />
        </Col>
        <Col span={12}>
          <Statistic
            title={t('expiringSoon', { days: LICENCE_DAYS })}
            value={balance.expiringSoon}
            // Red when the unused licences cannot renew them all (the insufficient-licence list says so too).
            {...(balance.expiringSoon > balance.available
              ? { styles: { content: { color: '#cf1322' } } }
              : {})}
          />
        </Col>
      </Row>
    </Card>
  );
}
