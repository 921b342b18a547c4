import type { CallDef } from './define.ts';
import { PLATFORM_CALLS } from './platform.ts';

export * from './define.ts';
export * from './platform.ts';

/**
 * Every call of the console API. The server registers exactly these; the tenancy and fuzz tests
 * walk this list, so a call added here without a permission or validation fails them.
 */
export const ALL_CALLS: readonly CallDef[] = [...PLATFORM_CALLS];
