import { entry } from './define.ts';

/**
 * The VPN data pool (issue 13): 15030-15039 are the pool's own. An expired pool answers the spec's
 * 190324 (licences.ts); a pool whose data is all used, not expired, needs a sentence of its own.
 */
export const DATA_POOL_ERRORS = [
  entry(
    15030,
    'The VPN data pool is used up: add data packages to continue',
    'VPN流量池已用尽：请添加流量包后继续',
  ),
];
