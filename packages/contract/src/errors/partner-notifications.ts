import { entry } from './define.ts';

/**
 * Partner notifications (core §2 notificationCenter, emailNotifications; features §3): codes of their
 * own beside the 15xxx family the notices share with publishing (15003-15008, 15011, 15016).
 */
export const PARTNER_NOTIFICATION_ERRORS = [
  entry(15022, 'The notification does not exist', '通知不存在'),
  entry(
    15020,
    'The banner must be an image uploaded as an e-mail banner (600x235, under 2 MB)',
    '横幅必须是以邮件横幅上传的图片（600x235，小于2 MB）',
  ),
  entry(15021, 'The test mail could not be sent: {reason}', '测试邮件发送失败：{reason}'),
];
