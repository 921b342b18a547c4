import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLive } from '../../api/live.ts';
import { useInsufficientLicences } from '../licences/licence-queries.ts';
import { dismissedThisSession } from './licence-banner-dismissal.ts';

// The bar (antd, icons) loads with the first shortage, not with every console page.
const LicenceBannerBar = lazy(() =>
  import('./licence-banner-bar.tsx').then((m) => ({ default: m.LicenceBannerBar })),
);

/** Core §4 "Licence insufficiency flag": the consoles that show it, by their path segment. */
export const LICENCE_BANNER_CONSOLES: ReadonlySet<string> = new Set([
  'robustlink',
  'vpn',
  'distributorconsole',
  'operation',
  'elevatoriot',
]);

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
  return (
    <Suspense fallback={null}>
      <LicenceBannerBar alerts={alerts} onOpen={onOpen} onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
