import type { VpnGroupUsage } from '@fleetport/contract';

/**
 * A traffic bar's look by its state: red at the limit, the theme's warning colour from 80 % (Ant
 * Design's `active` would only animate it in the normal blue), plain below.
 */
export function usageProgress(
  state: VpnGroupUsage['state'],
  warningColor: string,
): { status: 'normal' | 'exception'; strokeColor?: string } {
  if (state === 'exhausted') return { status: 'exception' };
  return state === 'warning' ? { status: 'normal', strokeColor: warningColor } : { status: 'normal' };
}
