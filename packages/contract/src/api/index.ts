import { ACCOUNT_CALLS } from './account.ts';
import { COMPANY_CALLS } from './company.ts';
import type { CallDef } from './define.ts';
import { MENU_CALLS } from './menu.ts';
import { PLATFORM_CALLS } from './platform.ts';
import { SHELL_CALLS } from './shell.ts';
import { SSO_CALLS } from './sso.ts';

export * from './account.ts';
export * from './company.ts';
export * from './define.ts';
export * from './menu.ts';
export * from './platform.ts';
export * from './shell.ts';
export * from './sso.ts';

/**
 * Every call of the console API. The server registers exactly these; the tenancy and fuzz tests
 * walk this list, so a call added here without a permission or validation fails them.
 */
export const ALL_CALLS: readonly CallDef[] = [
  ...PLATFORM_CALLS,
  ...SSO_CALLS,
  ...ACCOUNT_CALLS,
  ...COMPANY_CALLS,
  ...MENU_CALLS,
  ...SHELL_CALLS,
];
