import { entry } from './define.ts';

/** Two-factor sign-in (issue 18): 610021-610030. Names in area-codes.ts (`TWO_FACTOR_ERROR_CODES`). */
export const TWO_FACTOR_ERRORS = [
  entry(
    610021,
    'The sign-in has expired: enter your account and password again',
    '登录已过期，请重新输入账号和密码',
  ),
  entry(610022, 'Wrong code, {num} attempts left', '验证码错误，还剩{num}次机会'),
  entry(
    610023,
    'This code was already used: wait for the next one, {num} attempts left',
    '该验证码已使用过，请等待下一个验证码，还剩{num}次机会',
  ),
  entry(
    610024,
    'The recovery code is wrong or already used, {num} attempts left',
    '恢复码错误或已使用，还剩{num}次机会',
  ),
  entry(
    610025,
    'Set up your authenticator app first: a recovery code cannot replace it',
    '请先设置身份验证器应用，恢复码不能代替',
  ),
  entry(
    610026,
    'Your company requires two-factor sign-in: it cannot be turned off',
    '您的公司要求两步验证登录，不能关闭',
  ),
  entry(610027, 'Two-factor sign-in is already set up', '两步验证登录已设置'),
  entry(610028, 'Two-factor sign-in is not set up', '两步验证登录尚未设置'),
  entry(
    610029,
    'No authenticator key is waiting to be confirmed: start the set-up again',
    '没有待确认的验证器密钥，请重新开始设置',
  ),
  entry(
    610030,
    'This person also belongs to another company: only they can turn off their two-factor sign-in',
    '该用户也属于其他公司，只能由其本人关闭两步验证登录',
  ),
  entry(
    610031,
    'Enter the current code from your authenticator app to confirm',
    '请输入身份验证器应用中的当前验证码以确认',
  ),
];
