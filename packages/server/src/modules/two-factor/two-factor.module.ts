import { defineModule } from '../../platform/module.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';

export const twoFactorModule = defineModule({
  area: 'two-factor',
  uses: ['clock', 'config', 'db'],
  routes: twoFactorRoutes,
  tables: [
    'user_second_factor',
    'user_recovery_code',
    'second_factor_challenge',
    'company_two_factor_policy',
  ],
});
