import { Alert } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useHubStatus } from './vpn-queries.ts';

/** "OpenVPN 2.6.14" of the hub's full version line (which goes on with the build's platform and flags). */
function shortVersion(version: string | null): string {
  return /OpenVPN \d+(\.\d+)*/.exec(version ?? '')?.[0] ?? version ?? '';
}

const MARK = '\u0000';

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
  const values: Record<string, string> = { v: shortVersion(hub.version), h: hub.publicHost ?? '' };
  const parts = t(`hub.${hub.state}`, { version: `${MARK}v${MARK}`, host: `${MARK}h${MARK}` }).split(MARK);
  return (
    <Alert
      type={type}
      showIcon
      data-testid="vpn-hub-status"
      title={parts
        .map((part, i) => ({ part, value: i % 2 === 1 }))
        .filter(({ part }) => part !== '')
        .map(({ part, value }) =>
          value ? (
            <span key={`value:${part}`} translate="no">
              {values[part] ?? ''}
            </span>
          ) : (
            <Fragment key={`text:${part}`}>{part}</Fragment>
          ),
        )}
    />
  );
}
