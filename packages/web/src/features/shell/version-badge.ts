/**
 * core §4 "Version badge": beta, dev or test depending on the host. The host rules can be
 * overridden at build time with VITE_VERSION_BADGE ("beta" | "dev" | "test" | "none").
 */
export type VersionBadge = 'beta' | 'dev' | 'test';

const BADGES: readonly VersionBadge[] = ['beta', 'dev', 'test'];

export function versionBadgeFor(hostname: string, configured?: string): VersionBadge | null {
  if (configured === 'none') return null;
  if (configured && (BADGES as readonly string[]).includes(configured)) return configured as VersionBadge;
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1') return 'dev';
  // The environment is named in the first label (beta.example.com, dev-eu.example.com, test2.example.com).
  const name = (host.split('.')[0] ?? '').split('-')[0]!.replace(/\d+$/, '');
  return BADGES.find((badge) => badge === name) ?? null;
}

export function currentVersionBadge(): VersionBadge | null {
  return versionBadgeFor(window.location.hostname, import.meta.env.VITE_VERSION_BADGE as string | undefined);
}
