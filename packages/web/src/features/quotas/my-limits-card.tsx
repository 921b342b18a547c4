import { LICENCE_PRODUCT_LABELS, QUOTA_PERIOD_LABELS } from '@fleetport/contract';
import { Card, Descriptions, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { useMyQuota } from './quota-queries.ts';
import { quotas } from './quotas.i18n.ts';

addNamespaces({ quotas });

/** Percent of a limit used, for the bars (a limit of 0 is full at once). */
const used = (value: number, limit: number) => (limit === 0 ? 100 : Math.min(100, (value / limit) * 100));

/**
 * The limits the company's partner (or the platform) set for it, with what it uses of them, on its
 * licences page. Nothing shows until a limit is set.
 */
export function MyLimitsCard() {
  const { t } = useTranslation('quotas');
  const lang = useLang();
  const quota = useMyQuota().data;
  if (!quota || quota.updatedAt === null) return null;
  const { devices } = quota;
  const items = [
    {
      key: 'devices',
      label: t('mine.devices'),
      children:
        devices.limit === null ? (
          t('mine.unlimited', { held: devices.held })
        ) : (
          <div style={{ minWidth: 200 }}>
            {t('mine.devicesValue', { held: devices.held, limit: devices.limit })}
            <Progress percent={used(devices.held, devices.limit)} showInfo={false} size="small" />
          </div>
        ),
    },
    {
      key: 'api',
      label: t('mine.api'),
      children: quota.apiCallsPerSecond ?? t('mine.apiDefault'),
    },
    ...quota.licences.map((l) => ({
      key: l.product,
      label: t('mine.licence', {
        product: LICENCE_PRODUCT_LABELS[l.product][lang],
        period: QUOTA_PERIOD_LABELS[l.period][lang],
      }),
      children: (
        <div style={{ minWidth: 200 }}>
          {t('mine.licenceValue', { drawn: l.drawn, limit: l.limit })}
          <Progress percent={used(l.drawn, l.limit)} showInfo={false} size="small" />
        </div>
      ),
    })),
  ];
  return (
    <Card title={t('mine.title')} data-testid="my-limits">
      <Typography.Paragraph type="secondary">
        {quota.setBy ? t('setBy', { name: quota.setBy }) : t('setByPlatform')}
      </Typography.Paragraph>
      <Descriptions column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}
