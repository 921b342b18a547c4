import { entry } from './define.ts';

/** The Super Admin console (issue 18): 610041-610049. Names in area-codes.ts (`SUPER_ADMIN_ERROR_CODES`). */
export const SUPER_ADMIN_ERRORS = [
  entry(610041, 'This company has been disabled by the platform administrator', '该公司已被平台管理员禁用'),
  entry(610042, 'This feature has been retired and is no longer available', '该功能已停用，不再提供'),
  entry(610043, 'The company does not exist', '该公司不存在'),
  entry(
    610044,
    'The Super Admin always signs in with two-factor sign-in: it cannot be turned off',
    '超级管理员必须使用两步验证登录，不能关闭',
  ),
];
