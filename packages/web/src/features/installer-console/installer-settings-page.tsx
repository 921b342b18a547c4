import {
  applyInstallerLicenceCall,
  formatDateTime,
  INSTALLER_APPLY_MAX_LICENCES,
  type InstallerLicenceStatus,
  installerLicenceStatusCall,
  LICENCE_DAYS,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { NumberInput } from '../../widgets/number-input.tsx';
import { installerConsole } from './installer-console.i18n.ts';
import { INSTALLER_KEYS } from './installer-licence.ts';

addNamespaces({ installerConsole });

/**
 * The installer console's settings (issue 20; features §2 "settings", not shown: docs/decisions.md
 * "Installer console licence"). Its licence panel answers while the console is frozen, so a licence
 * can always be applied here.
 */
export function InstallerSettingsPage() {
  return (
    <PageGate funCode="installerSettings.view">
      <LicencePanel />
    </PageGate>
  );
}

function LicencePanel() {
  const { t } = useTranslation('installerConsole');
  const status = useQuery({
    queryKey: INSTALLER_KEYS.status,
    queryFn: () => apiCall(installerLicenceStatusCall, {}),
  });
  const s = status.data;
  return (
    <Flex vertical gap={16}>
      <Card title={t('settings.licenceTitle')} size="small" loading={status.isLoading}>
        {s ? <LicenceFacts status={s} /> : null}
      </Card>
      {s ? (
        <Can funCode="installerSettings.edit">
          <ApplyCard status={s} />
        </Can>
      ) : null}
    </Flex>
  );
}

function LicenceFacts({ status: s }: { status: InstallerLicenceStatus }) {
  const { t } = useTranslation('installerConsole');
  const stateColor = { freeTrial: 'blue', active: 'green', expired: 'red' } as const;
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        {
          key: 'state',
          label: t('settings.state'),
          children: (
            <Tag color={stateColor[s.consoleState]} data-testid="installer-settings-state">
              {t(`state.${s.consoleState}`)}
            </Tag>
          ),
        },
        {
          key: 'trial',
          label: t('settings.trial'),
          children:
            s.trialStartedAt === null
              ? t('settings.trialNone')
              : t('settings.trialRange', {
                  start: formatDateTime(s.trialStartedAt),
                  end: formatDateTime(s.trialEndsAt),
                }),
        },
        {
          key: 'paid',
          label: t('settings.paidUntil'),
          children: (
            <span data-testid="installer-paid-until">
              {s.paidUntil === null ? t('settings.paidNone') : formatDateTime(s.paidUntil)}
            </span>
          ),
        },
        { key: 'devices', label: t('settings.devices'), children: s.devices },
        {
          key: 'perPeriod',
          label: t('settings.perPeriod'),
          children: (
            <>
              {s.licencesPerPeriod}{' '}
              <Typography.Text type="secondary">{t('settings.perPeriodHelp')}</Typography.Text>
            </>
          ),
        },
        {
          key: 'available',
          label: t('settings.available'),
          children: <span data-testid="installer-available">{s.licencesAvailable}</span>,
        },
      ]}
    />
  );
}

/** A fresh key per dialog: a double click or a retry after a time-out applies once. */
const newKey = () => crypto.randomUUID();

function ApplyCard({ status: s }: { status: InstallerLicenceStatus }) {
  const { t } = useTranslation('installerConsole');
  const { message } = App.useApp();
  const [licences, setLicences] = useState<number | null>(s.licencesPerPeriod);
  const [key, setKey] = useState(newKey);
  const apply = useCallMutation(applyInstallerLicenceCall, { invalidates: [INSTALLER_KEYS.all] });
  const count = licences ?? 0;
  const periods = Math.floor(count / s.licencesPerPeriod);
  const tooFew = periods < 1;
  return (
    <Card title={t('settings.applyTitle')} size="small">
      <Form layout="inline">
        <Form.Item
          label={t('settings.licences')}
          validateStatus={tooFew ? 'warning' : undefined}
          help={
            tooFew
              ? t('settings.applyTooFew', { devices: s.devices, needed: s.licencesPerPeriod })
              : undefined
          }
        >
          <NumberInput
            min={1}
            max={INSTALLER_APPLY_MAX_LICENCES}
            precision={0}
            value={licences}
            onChange={(v) => setLicences(v)}
            data-testid="installer-apply-licences"
          />
        </Form.Item>
        <Form.Item>
          <Popconfirm
            title={t('settings.applyConfirm', {
              used: periods * s.licencesPerPeriod,
              days: periods * LICENCE_DAYS,
            })}
            disabled={tooFew}
            onConfirm={() =>
              apply.mutate(
                { licences: count, idempotencyKey: key },
                {
                  onSuccess: (done) => {
                    setKey(newKey());
                    void message.success(
                      t('settings.applied', {
                        used: done.licencesUsed,
                        date: formatDateTime(done.paidUntil),
                      }),
                    );
                  },
                },
              )
            }
          >
            <Button type="primary" disabled={tooFew} loading={apply.isPending} data-testid="installer-apply">
              {t('settings.applyButton')}
            </Button>
          </Popconfirm>
        </Form.Item>
        <Form.Item>
          <Link to="/operation/licenses">{t('settings.buy')}</Link>
        </Form.Item>
      </Form>
    </Card>
  );
}
