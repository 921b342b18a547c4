import { entry } from './define.ts';

/** Codes of the platform itself: envelope, sessions, generic clashes, map service (core §8). */
export const PLATFORM_ERRORS = [
  entry(0, 'Success', '成功'),
  entry(1, 'Parameter error', '参数错误'),
  entry(2, 'Database error', '数据库错误'),
  entry(3, 'Session expired, please log in again', '会话已过期，请重新登录'),
  entry(5, 'No permission (invalid access permissions)', '无权限（访问权限无效）'),
  entry(6, 'You are not an administrator', '您不是管理员'),
  entry(8, 'The name already exists', '名称已存在'),
  entry(9, 'The account already exists', '账号已存在'),
  entry(10, 'The company already exists', '公司已存在'),
  entry(11, 'The company account already exists', '公司账号已存在'),
  entry(12, 'The new password must not be the same as a previous password', '新密码不能与历史密码相同'),
  entry(15, 'System busy, please try again later', '系统繁忙，请稍后重试'),
  entry(
    20,
    'You have been logged in for more than 4 hours and have been logged out',
    '登录已超过4小时，已退出登录',
  ),
  entry(101, 'No access credentials', '无访问凭证'),
  // 108 is named only among the forced-logout codes; a ticket the server no longer accepts fits it.
  entry(108, 'Your login ticket is no longer valid, please log in again', '登录凭证已失效，请重新登录'),
  entry(500, 'Internal error', '内部错误'),
  // 5010-5012 are silent: the map and address pickers handle them (features §8 "enter manually").
  entry(5010, 'Failed to obtain the address, please enter it manually', '获取地址失败，请手动输入'),
  entry(5011, 'The map service is unavailable, please try again later', '地图服务不可用，请稍后重试'),
  entry(
    5012,
    'The map key is invalid, please check the map key settings',
    '地图密钥无效，请检查地图密钥设置',
  ),
];
