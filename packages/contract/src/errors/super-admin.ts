import { entry } from './define.ts';

/** The Super Admin console (issue 18): 610041-610049. Names in area-codes.ts (`SUPER_ADMIN_ERROR_CODES`). */
export const SUPER_ADMIN_ERRORS = [
  entry(610041, 'This company has been disabled by the platform administrator', '该公司已被平台管理员禁用'),
  entry(610042, 'This feature has been retired and is no longer available', '该功能已停用，不再提供'),
  entry(610043, 'The company does not exist', '该公司不存在'),
  entry(
    610044,
    "The Super Admin's two-factor sign-in cannot be turned off once it is set up",
    '超级管理员的两步验证一经设置便不能关闭',
  ),
];
