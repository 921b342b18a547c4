import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBrand } from '../shell/header-brand.tsx';
import { useConsoleBranding } from './branding-queries.ts';

/**
 * The header's logo and name as the company or its nearest branded partner set them (OEM settings),
 * else the console's own; the browser tab's title is that app name, else Fleetport's. Loaded after the shell is drawn
 * (shell-header.tsx), so the query and its contract stay out of the first load.
 */
export function PartnerBrand({
  logo,
  name,
  segment,
}: {
  logo: string | null | undefined;
  name: string;
  segment: string | null;
}) {
  const { t } = useTranslation();
  const brand = useConsoleBranding().data;
  // The VPN console carries its own OEM name (core §3 rvpnDisplayName); every other console the app's.
  const shownName = segment === 'vpn' ? (brand?.vpnName ?? name) : (brand?.appName ?? name);
  const title = (segment === 'vpn' ? brand?.vpnName : null) ?? brand?.appName ?? t('common:appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <HeaderBrand logo={brand?.logoUrl ?? logo} name={shownName} />;
}
