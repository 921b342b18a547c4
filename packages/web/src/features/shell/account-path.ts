import type { UserInfo } from '@fleetport/contract';

/**
 * Where "My Account" leads (core §4 "Initial password"): the super-admin variant for the Super
 * Admin, the operation (platform) variant inside the operation console, the regular page otherwise.
 */
export function myAccountPathFor(
  user: Pick<UserInfo, 'rootGroupId'> | undefined,
  segment: string | null,
): string {
  if (user && user.rootGroupId === undefined) return '/superAdmin/myAccount';
  if (segment === 'operation') return '/operation/myAccount';
  return '/myAccount';
}
