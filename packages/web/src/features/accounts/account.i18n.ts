/** My Account: the signed-in person's profile and password. */
export const account = {
  en: {
    title: 'My Account',
    profile: {
      title: 'Profile',
      userName: 'User name',
      loginAccount: 'Login account',
      company: 'Company',
      role: 'Role',
      roleType: 'Role type',
      edit: 'Edit',
      saved: 'Your profile has been saved.',
    },
    password: {
      title: 'Change password',
      oldPassword: 'Current password',
      newPassword: 'New password',
      confirmPassword: 'Confirm new password',
      submit: 'Change password',
      changed: 'Your password has been changed.',
      initialHint: 'You are using an initial password. Please set your own.',
    },
  },
  cn: {
    title: '我的账号',
    profile: {
      title: '个人资料',
      userName: '用户名',
      loginAccount: '登录账号',
      company: '公司',
      role: '角色',
      roleType: '角色类型',
      edit: '编辑',
      saved: '个人资料已保存。',
    },
    password: {
      title: '修改密码',
      oldPassword: '当前密码',
      newPassword: '新密码',
      confirmPassword: '确认新密码',
      submit: '修改密码',
      changed: '密码已修改。',
      initialHint: '您正在使用初始密码，请设置您自己的密码。',
    },
  },
};
