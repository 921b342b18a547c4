import type { ModuleDeps } from '../../platform/app-deps.ts';
import { secretSeal } from '../../platform/sealed-secret.ts';

/** The seal of the routers' RADIUS shared secrets (they must be read again to check each packet). */
export function radiusSecretSeal(deps: ModuleDeps<'db' | 'config'>) {
  return secretSeal(deps.db, deps.config.serverSecret, 'portal-radius');
}
