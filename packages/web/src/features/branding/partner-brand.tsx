import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBrand } from '../shell/header-brand.tsx';
import { useOemDisplay } from '../shell/shell-queries.ts';

/**
 * The header's logo and name as the company or its nearest branded partner set them (OEM settings),
 * else the console's own; the browser tab's title is that app name, else Fleetport's. It reads the
 * shell's OEM display query (the header's logo comes from the same answer), so a console load asks
 * once; loaded after the shell is drawn (shell-header.tsx).
 */
export function PartnerBrand({ name, segment }: { name: string; segment: string | null }) {
  const { t } = useTranslation();
  const brand = useOemDisplay().data;
  // The VPN console carries its own OEM name (core §3 rvpnDisplayName); every other console the app's.
  const vpnName = segment === 'vpn' ? (brand?.brandVpnName ?? null) : null;
  const shownName = segment === 'vpn' ? (vpnName ?? name) : (brand?.brandAppName ?? name);
  const title = vpnName ?? brand?.brandAppName ?? t('common:appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <HeaderBrand logo={brand?.logoResPath} name={shownName} />;
}
