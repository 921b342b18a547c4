import type { MailText } from '../../platform/mail/mail-text.ts';

/** The invitation mail in the inviter's language; `{link}` opens the console's /emailToLogin page. */
export const INVITATION_MAIL: MailText = {
  subject: {
    en: '{inviterName} invites you to join {companyName}',
    cn: '{inviterName} 邀请您加入 {companyName}',
  },
  body: {
    en: '{inviterName} invites you to join {companyName} as {roleName}.\n\nOpen this link to accept or refuse the invitation (valid for {days} days):\n{link}\n\nIf you have no account yet, accepting creates one for you.',
    cn: '{inviterName} 邀请您以“{roleName}”角色加入 {companyName}。\n\n请打开以下链接接受或拒绝邀请（{days}天内有效）：\n{link}\n\n如果您还没有账号，接受邀请时将为您创建账号。',
  },
};
