import { entry } from './define.ts';

/** Codes of the platform itself: envelope, sessions, accounts (core §8). */
export const PLATFORM_ERRORS = [
  entry(0, 'Success', '成功', 'success'),
  entry(-1, 'Request error, please try again later', '请求错误，请稍后重试'),
  entry(1, 'Parameter error', '参数错误'),
  entry(2, 'Database error', '数据库错误'),
  entry(3, 'Session expired, please log in again', '会话已过期，请重新登录', 'logout'),
  entry(5, 'No permission (invalid access permissions)', '无权限（访问权限无效）'),
  entry(15, 'System busy, please try again later', '系统繁忙，请稍后重试'),
  entry(
    20,
    'You have been logged in for more than 4 hours and have been logged out',
    '登录已超过4小时，已退出登录',
    'logout',
  ),
  entry(101, 'No access credentials', '无访问凭证'),
  entry(404, 'The network is slow, please check the network', '网络较慢，请检查网络'),
  entry(500, 'Internal error', '内部错误'),
];
