import { Alert } from 'antd';
import { Trans } from 'react-i18next';
import { useHubStatus } from './vpn-queries.ts';

/** "OpenVPN 2.6.14" of the hub's full version line (which goes on with the build's platform and flags). */
function shortVersion(version: string | null): string {
  return /OpenVPN \d+(\.\d+)*/.exec(version ?? '')?.[0] ?? version ?? '';
}

/**
 * What the console says of the platform's VPN hub, above the VPN pages: plainly when it cannot run.
 * The version and host name are the machine's own words, marked so (`translate="no"`).
 */
export function HubBanner() {
  const hub = useHubStatus().data;
  if (!hub) return null;
  const type = hub.state === 'running' ? 'success' : hub.state === 'external' ? 'info' : 'warning';
  return (
    <Alert
      type={type}
      showIcon
      data-testid="vpn-hub-status"
      title={
        <Trans
          ns="vpn"
          i18nKey={`hub.${hub.state}`}
          values={{ version: shortVersion(hub.version), host: hub.publicHost }}
          components={{ data: <span translate="no" /> }}
        />
      }
    />
  );
}
