import { entry } from './define.ts';

/** Distributor rebates (core §2 rebateAmount; features §2): codes 15040-15049 are shared with branding. */
export const REBATE_ERRORS = [entry(15040, 'Rebates are paid to distributors only', '返利仅发放给分销商')];
