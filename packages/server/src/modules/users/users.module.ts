import { defineModule } from '../../platform/module.ts';
import { userRoutes } from './users.routes.ts';

export const usersModule = defineModule({
  area: 'users',
  uses: ['clock', 'config', 'db', 'mailer'],
  routes: userRoutes,
  tables: ['user_invitation'],
});
