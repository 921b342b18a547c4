import { formatDateTime } from '@fleetport/contract';
import { Alert, Button, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../app/permissions.tsx';
import { addNamespaces } from '../../i18n/index.ts';
import { installerConsole } from './installer-console.i18n.ts';
import { useInstallerLicence } from './installer-licence.ts';

addNamespaces({ installerConsole });

const DAY_MS = 86_400_000;
export const INSTALLER_SETTINGS_PATH = '/installerconsole/settings';

/**
 * Every installer page but the settings sits in this frame: during the free trial a banner counts the
 * days left; once the licence reads EXPIRED the page is replaced by the "apply a licence" overlay and
 * asks nothing of the server (its calls would answer 190328: data is paused).
 */
export function InstallerLicenceFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('installerConsole');
  const licence = useInstallerLicence();
  const canApply = usePermission('installerSettings.edit');
  if (licence.isLoading) return <Spin description={t('checking')} data-testid="installer-licence-checking" />;
  const l = licence.data;
  if (!l || l.opened === 'EXPIRED') {
    return (
      <Result
        status="warning"
        title={t('frozenTitle')}
        subTitle={t('frozenText')}
        data-testid="installer-frozen"
        extra={
          canApply ? (
            <Link to={INSTALLER_SETTINGS_PATH}>
              <Button type="primary" data-testid="installer-frozen-apply">
                {t('frozenApply')}
              </Button>
            </Link>
          ) : (
            t('frozenAskAdmin')
          )
        }
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      {l.consoleState === 'freeTrial' && l.endsAt !== null ? <TrialBanner endsAt={l.endsAt} /> : null}
      {children}
    </Flex>
  );
}

function TrialBanner({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation('installerConsole');
  const days = Math.floor((endsAt - Date.now()) / DAY_MS);
  const text =
    days >= 1
      ? t('trialBanner', { days, date: formatDateTime(endsAt) })
      : t('trialBannerLast', { time: formatDateTime(endsAt, 'HH:mm') });
  return <Alert type="info" showIcon title={text} data-testid="installer-trial-banner" />;
}
