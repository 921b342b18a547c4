import { defineModule } from '../../platform/module.ts';
import { licenceRoutes } from './licences.routes.ts';

export const licencesModule = defineModule({
  area: 'licences',
  uses: ['db', 'clock', 'config', 'hub'],
  routes: licenceRoutes,
  tables: [
    'licence_operation',
    'licence_ledger',
    'licence_account',
    'device_licence',
    'licence_auto_renew',
    'device_auto_renew',
  ],
});
