import { defineModule } from '../../platform/module.ts';
import { vpnRoutes } from './vpn.routes.ts';

export const vpnModule = defineModule({
  area: 'vpn',
  uses: ['db', 'clock', 'config', 'vpnHub', 'gateway', 'hub'],
  routes: vpnRoutes,
  tables: [
    'vpn_group',
    'vpn_service_client',
    'vpn_member',
    'vpn_ca',
    'vpn_certificate',
    'vpn_traffic',
    'vpn_end_device',
    'vpn_usage',
    'vpn_limit_notice',
  ],
});
