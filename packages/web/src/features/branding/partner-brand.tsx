import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderBrand } from '../shell/header-brand.tsx';
import { useConsoleBranding } from './branding-queries.ts';

/**
 * The header's logo and name as the nearest branded partner set them, else the console's own; the
 * browser tab's title is the partner's app name, else Fleetport's. Loaded after the shell is drawn
 * (shell-header.tsx), so the query and its contract stay out of the first load.
 */
export function PartnerBrand({ logo, name }: { logo: string | null | undefined; name: string }) {
  const { t } = useTranslation();
  const brand = useConsoleBranding().data;
  const title = brand?.appName ?? t('common:appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <HeaderBrand logo={brand?.logoUrl ?? logo} name={brand?.appName ?? name} />;
}
