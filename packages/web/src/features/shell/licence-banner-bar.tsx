import { CloseOutlined, WarningFilled } from '@ant-design/icons';
import {
  type InsufficientLicence,
  LICENCE_BANNER_HEIGHT_PX,
  LICENCE_PRODUCT_LABELS,
} from '@fleetport/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { dismissForSession } from './licence-banner-dismissal.ts';

/** Where the banner leads (core §2 operation/licenses). */
export const LICENCES_PATH = '/operation/licenses';

/** The bar itself, loaded with the first shortage (licence-banner.tsx), not with every console page. */
export function LicenceBannerBar({
  alerts,
  onOpen,
  onDismiss,
}: {
  alerts: InsufficientLicence[];
  onOpen: (path: string) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const { message } = App.useApp();
  const canOpen = usePermission('licenses.view');
  const products = alerts
    .map((a) => LICENCE_PRODUCT_LABELS[a.product][lang])
    .join(t('licenceBanner.separator'));
  const shortfall = alerts.reduce((sum, a) => sum + a.shortfall, 0);

  // Without the licences menu the banner still shows (core §4), and the link says why it goes nowhere.
  function openLicences() {
    if (canOpen) onOpen(LICENCES_PATH);
    else void message.warning(t('noLicencePermission', { ns: 'request' }));
  }

  return (
    <div
      role="alert"
      data-testid="licence-banner"
      style={{
        // Exactly 25 px (core §9), border included, and never squeezed by the workspace below it.
        height: LICENCE_BANNER_HEIGHT_PX,
        boxSizing: 'border-box',
        flex: 'none',
        lineHeight: `${LICENCE_BANNER_HEIGHT_PX}px`,
        padding: '0 8px 0 16px',
        background: '#fff7e6',
        borderBottom: '1px solid #ffd591',
        fontSize: 12,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
      }}
    >
      <WarningFilled style={{ color: '#fa8c16' }} />
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', flex: 1 }}>
        {t('licenceBanner.text', { products, count: shortfall })}
      </span>
      <Button
        type="link"
        size="small"
        style={{ fontSize: 12, height: 20 }}
        onClick={openLicences}
        data-testid="licence-banner-open"
      >
        {t('licenceBanner.open')}
      </Button>
      <Button
        type="text"
        size="small"
        aria-label={t('licenceBanner.dismiss')}
        icon={<CloseOutlined style={{ fontSize: 10 }} />}
        style={{ height: 20, width: 20 }}
        onClick={() => {
          dismissForSession();
          onDismiss();
        }}
        data-testid="licence-banner-dismiss"
      />
    </div>
  );
}
