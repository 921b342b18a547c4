import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { MachineWords } from '../../widgets/machine-words.tsx';
import { useHubStatus } from './vpn-queries.ts';

/** "OpenVPN 2.6.14" of the hub's full version line (which goes on with the build's platform and flags). */
function shortVersion(version: string | null): string {
  return /OpenVPN \d+(\.\d+)*/.exec(version ?? '')?.[0] ?? version ?? '';
}

/**
 * What the console says of the platform's VPN hub, above the VPN pages: plainly when it cannot run.
 * The version and host name are the machine's own words, marked so (`translate="no"`): the sentence is
 * translated with markers in their place, then each marker becomes its value.
 */
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
      title={
        <MachineWords
          sentence={(markers) => t(`hub.${hub.state}`, markers)}
          values={{ version: shortVersion(hub.version), host: hub.publicHost ?? '' }}
        />
      }
    />
  );
}
