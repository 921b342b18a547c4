import { formatDateTime, upcomingRetirementsCall } from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { superAdmin } from './super-admin.i18n.ts';

addNamespaces({ superAdmin });

/**
 * The warning of features being retired (core §9), to the users who may use them: loaded after the
 * shell is drawn (shell-layout.tsx), read once an hour.
 */
export function RetirementBanner() {
  const { t } = useTranslation('superAdmin');
  const upcoming = useQuery({
    queryKey: [upcomingRetirementsCall.id],
    queryFn: () => apiCall(upcomingRetirementsCall, {}, { silent: true }),
    staleTime: 3_600_000,
  });
  if (!upcoming.data?.length) return null;
  return (
    <>
      {upcoming.data.map((r) => (
        <Alert
          key={r.feature}
          type="warning"
          banner
          showIcon
          data-testid={`retirement-banner-${r.feature}`}
          message={t('banner', { feature: t(`features.${r.feature}`), date: formatDateTime(r.retireAt) })}
        />
      ))}
    </>
  );
}
