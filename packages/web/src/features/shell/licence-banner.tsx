import { CloseOutlined, WarningFilled } from '@ant-design/icons';
import {
  type InsufficientLicence,
  LICENCE_BANNER_HEIGHT_PX,
  LICENCE_PRODUCT_LABELS,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../api/live.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { useInsufficientLicences } from '../licences/licence-queries.ts';

/** Core §4 "Licence insufficiency flag": the consoles that show it, by their path segment. */
export const LICENCE_BANNER_CONSOLES: ReadonlySet<string> = new Set([
  'robustlink',
  'vpn',
  'distributorconsole',
  'operation',
  'elevatoriot',
]);

const DISMISSED_KEY = 'fleetport.licenceBanner.dismissed';
/** Where the banner leads (core §2 operation/licenses). */
export const LICENCES_PATH = '/operation/licenses';

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The thin banner over the workspace (25 px, core §9) while the insufficient-licence list is non-empty:
 * which products are short, a link to the licences page, and a close button that hides it for the rest
 * of the browser session. Live `licences.changed` events refetch the list; so do focus and a slow timer.
 */
export function LicenceBanner({
  segment,
  onOpen,
}: {
  segment: string | null;
  onOpen: (path: string) => void;
}) {
  const shown = segment !== null && LICENCE_BANNER_CONSOLES.has(segment);
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const alerts = useInsufficientLicences(shown && !dismissed).data ?? [];
  useLive(useQueryClient());
  if (!shown || dismissed || alerts.length === 0) return null;
  return <Banner alerts={alerts} onOpen={onOpen} onDismiss={() => setDismissed(true)} />;
}

function Banner({
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
    .join(lang === 'cn' ? '、' : ', ');
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
        height: LICENCE_BANNER_HEIGHT_PX,
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
          try {
            sessionStorage.setItem(DISMISSED_KEY, '1');
          } catch {
            // Private mode: hidden until the page reloads.
          }
          onDismiss();
        }}
        data-testid="licence-banner-dismiss"
      />
    </div>
  );
}
