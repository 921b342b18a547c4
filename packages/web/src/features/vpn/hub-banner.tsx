import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHubStatus } from './vpn-queries.ts';

/** What the console says of the platform's VPN hub, above the VPN pages: plainly when it cannot run. */
export function HubBanner() {
  const { t } = useTranslation('vpn');
  const hub = useHubStatus().data;
  if (!hub) return null;
  const type = hub.state === 'running' ? 'success' : hub.state === 'external' ? 'info' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      data-testid="vpn-hub-status"
      message={t(`hub.${hub.state}`, { version: hub.version ?? '', host: hub.publicHost })}
    />
  );
}
