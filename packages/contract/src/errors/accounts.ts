import { entry } from './define.ts';

/** Sign-in, sessions, accounts, roles and users: 14xxx and 700001-700008 (core §8, §6). */
export const ACCOUNT_ERRORS = [
  entry(14010, 'Wrong account or password, 2 attempts left', '账号或密码错误，还剩2次机会'),
  entry(14011, 'Wrong verification code', '验证码错误'),
  // Not named by the spec: My Account's password change needs to say the current password is wrong.
  entry(14012, 'The current password is wrong', '当前密码错误'),
  entry(
    14019,
    'Your account has logged in elsewhere, you have been logged out',
    '您的账号已在其他地方登录，您已被迫下线',
  ),
  entry(14020, 'This user has been disabled', '该用户已被禁用'),
  entry(14021, 'The root group cannot be deleted', '根分组不能删除'),
  entry(14022, 'The root group cannot be modified', '根分组不能修改'),
  entry(14023, 'Default roles cannot be modified or deleted', '默认角色不能修改或删除'),
  entry(14024, 'A role with users assigned cannot be deleted', '已分配用户的角色不能删除'),
  entry(14025, 'Default users and group administrators cannot be modified', '默认用户和分组管理员不能修改'),
  entry(
    14026,
    'You cannot change the permissions of your own role or an equal role',
    '不能修改自己角色或同级角色的权限',
  ),
  entry(14027, 'A lower role cannot edit a higher role', '低级角色不能编辑高级角色'),
  entry(14028, 'You cannot disable your own account', '不能禁用自己的账号'),
  entry(14029, 'You cannot delete your own account', '不能删除自己的账号'),
  entry(14030, 'Wrong account or password, 1 attempt left', '账号或密码错误，还剩1次机会'),
  entry(14031, 'The account is locked, please try again in {num} minutes', '账号已锁定，请{num}分钟后重试'),
  entry(
    14032,
    'Too many failed attempts, the account is locked for {num} minutes',
    '失败次数过多，账号已锁定{num}分钟',
  ),
  // Silent: the sign-in page reveals the captcha field itself.
  entry(14047, 'Please enter the verification code shown in the picture', '请输入图片中的验证码'),
  entry(14049, 'You can join at most 100 companies', '最多只能加入100个公司'),
  entry(14050, 'This account can belong to only one company', '该账号只能属于一个公司'),
  entry(14052, 'Your password has expired, please reset it', '密码已过期，请重置密码'),
  entry(14053, 'The system is upgrading, please try again later', '系统正在升级，请稍后再试'),
  entry(
    14054,
    'VPN-client-only users cannot use the web platform, please use the VPN client',
    '仅VPN客户端用户不能使用Web平台，请使用VPN客户端',
  ),
  entry(14063, 'The file must not exceed 500 MB', '文件不能超过500MB'),
  // Not named by the spec: a file link or id whose file was deleted (or never was the company's).
  entry(14064, 'The file does not exist or has been deleted', '文件不存在或已被删除'),
  entry(14065, 'The sharing link has expired', '分享链接已过期'),
  // Not named by the spec: per-address limits on anonymous calls (sign-in, captcha, registration),
  // answered with HTTP 429 and Retry-After; `data` is the seconds to wait. Code sending keeps 14081.
  entry(
    14080,
    'Too many requests from your network address, please try again later',
    '您的网络地址请求过于频繁，请稍后再试',
  ),
  entry(
    14081,
    'Verification codes are requested too often, please try again later',
    '验证码获取过于频繁，请稍后再试',
  ),
  // 14082-14087 are silent: the registration and reset forms show them beside the field.
  entry(14082, 'The verification code has expired, please request a new one', '验证码已过期，请重新获取'),
  entry(14084, 'This e-mail address is not registered', '该邮箱未注册'),
  entry(14085, 'This phone number is not registered', '该手机号未注册'),
  entry(14087, 'This phone number is already registered', '该手机号已注册'),
  entry(14091, 'Access to this company is restricted at this time', '当前时间段禁止访问该公司'),
  entry(700001, 'The role name already exists', '角色名称已存在'),
  entry(700002, 'The role does not exist', '角色不存在'),
  entry(
    700003,
    'Custom roles can be created only from the Operator or Read-only type',
    '自定义角色只能基于操作员或只读类型创建',
  ),
  entry(700004, 'The user does not exist', '用户不存在'),
  entry(700005, 'The user is already a member of this company', '该用户已是本公司成员'),
  entry(700006, 'Users cannot disable or delete themselves', '用户不能禁用或删除自己'),
  entry(700007, 'The invitation has already been accepted', '邀请已被接受'),
  entry(700008, 'The invitation does not exist or has been refused', '邀请不存在或已被拒绝'),
];
