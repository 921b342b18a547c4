import type { Lang, Localized } from '../i18n.ts';

/**
 * What each recorded call (contract `mutates: true`) is called in the activity log, in both languages,
 * so neither the console nor the exported file shows a call id. Keyed by call id; the contract test
 * fails when a recorded call has no label here.
 */
export const ACTIVITY_ACTION_LABELS: Readonly<Record<string, Localized>> = {
  'sso.logout': { en: 'Sign out', cn: '退出登录' },
  'sso.register': { en: 'Register company', cn: '注册公司' },
  'sso.resetPassword': { en: 'Reset password', cn: '重置密码' },
  'sso.switchCompany': { en: 'Switch company', cn: '切换公司' },
  'company.leave': { en: 'Leave company', cn: '退出公司' },
  'account.sendEmailCode': { en: 'Send e-mail code', cn: '发送邮箱验证码' },
  'account.sendCode': { en: 'Send SMS code', cn: '发送短信验证码' },
  'account.updatePassword': { en: 'Change password', cn: '修改密码' },
  'account.updateMyAccount': { en: 'Edit my account', cn: '编辑我的账户' },
  'shell.saveMaintenance': { en: 'Announce maintenance', cn: '发布维护通知' },
  'shell.updateInstructionStatus': { en: 'Read instructions', cn: '阅读使用说明' },
  'shell.checkShowNotes': { en: 'Mark notes read', cn: '标记通知已读' },
  'companyAccount.update': { en: 'Edit company', cn: '编辑公司信息' },
  'companyAccount.leave': { en: 'Leave company', cn: '退出公司' },
  'companyAccount.setDefault': { en: 'Set default company', cn: '设置默认公司' },
  'users.create': { en: 'Create user', cn: '创建用户' },
  'users.update': { en: 'Edit user', cn: '编辑用户' },
  'users.setStatus': { en: 'Enable or disable user', cn: '启用或禁用用户' },
  'users.delete': { en: 'Delete user', cn: '删除用户' },
  'users.invite': { en: 'Invite user', cn: '邀请用户' },
  'invitation.accept': { en: 'Accept invitation', cn: '接受邀请' },
  'invitation.refuse': { en: 'Refuse invitation', cn: '拒绝邀请' },
  'roles.create': { en: 'Create role', cn: '创建角色' },
  'roles.update': { en: 'Edit role', cn: '编辑角色' },
  'roles.delete': { en: 'Delete role', cn: '删除角色' },
  'accessRestriction.save': { en: 'Save access restriction', cn: '保存访问限制' },
  'pageColumns.update': { en: 'Save table columns', cn: '保存列设置' },
  'devices.add': { en: 'Add device', cn: '添加设备' },
  'devices.update': { en: 'Edit device', cn: '编辑设备' },
  'devices.delete': { en: 'Delete devices', cn: '删除设备' },
  'devices.transfer': { en: 'Transfer devices', cn: '转移设备' },
  'devices.import': { en: 'Import devices', cn: '导入设备' },
  'devices.export': { en: 'Export devices', cn: '导出设备' },
  'activityLog.export': { en: 'Export activity log', cn: '导出活动日志' },
  'exports.delete': { en: 'Delete export record', cn: '删除导出记录' },
  'exports.share': { en: 'Share exported file', cn: '分享导出文件' },
  'deviceGroups.create': { en: 'Create group', cn: '创建分组' },
  'deviceGroups.rename': { en: 'Rename group', cn: '重命名分组' },
  'deviceGroups.delete': { en: 'Delete group', cn: '删除分组' },
  'deviceGroups.moveDevices': { en: 'Move devices to group', cn: '移动设备到分组' },
  'deviceGroups.setAdmin': { en: 'Set group administrator', cn: '设置分组管理员' },
  'deviceTags.create': { en: 'Create tag', cn: '创建标签' },
  'deviceTags.rename': { en: 'Rename tag', cn: '重命名标签' },
  'deviceTags.delete': { en: 'Delete tag', cn: '删除标签' },
  'deviceTags.tagDevices': { en: 'Tag devices', cn: '设置设备标签' },
  'deviceTags.setDeviceTags': { en: "Set a device's tags", cn: '设置单台设备标签' },
  'deviceDetails.requestSyslog': { en: 'Request syslog', cn: '获取系统日志' },
  'deviceNotifications.markRead': { en: 'Mark notifications read', cn: '标记通知已读' },
  'deviceNotifications.markAllRead': { en: 'Mark all notifications read', cn: '全部通知标记已读' },
  'deviceSoftware.uninstallApp': { en: 'Uninstall app', cn: '卸载应用' },
  'remoteActions.reboot': { en: 'Reboot', cn: '重启' },
  'remoteActions.ping': { en: 'Ping', cn: '通信检测' },
  'remoteActions.speedTest': { en: 'Speed test', cn: '网速测试' },
  'remoteActions.capture': { en: 'Packet capture', cn: '抓包' },
  'remoteActions.ledTest': { en: 'LED test', cn: 'LED测试' },
  'remoteActions.cli': { en: 'CLI command', cn: 'CLI命令' },
  'remoteActions.timers': { en: 'Set timers', cn: '设置定时器' },
  'remoteActions.resetPassword': { en: 'Reset device password', cn: '重置设备密码' },
  'remoteActions.switchConnection': { en: 'Switch connection', cn: '切换链路' },
  'remoteActions.ioControl': { en: 'I/O control', cn: 'IO控制' },
  'remoteActions.serialPort': { en: 'Serial port', cn: '串口访问' },
  'remoteActions.poeStatus': { en: 'PoE status', cn: 'PoE状态' },
  'remoteActions.poeTimers': { en: 'Set PoE timer', cn: '设置PoE定时器' },
  'remoteActions.lora': { en: 'LoRa status', cn: 'LoRa状态' },
  'remoteActions.dataManagement': { en: 'Data usage', cn: '流量管理' },
  'files.upload': { en: 'Upload files', cn: '上传文件' },
};

/**
 * The action's name in the reader's language. A call recorded before its label existed (or since
 * removed) reads as `fallback`, e.g. its contract summary, rather than as a call id.
 */
export function activityActionLabel(callId: string, lang: Lang, fallback?: string): string {
  return ACTIVITY_ACTION_LABELS[callId]?.[lang] ?? fallback ?? callId;
}
