import type { Lang } from '@fleetport/contract';
import type { MailMessage } from '../../platform/mail/mailer.ts';

/** A subject is one line whatever the names hold. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * The invitation mail in the inviter's language; the link opens the console's /emailToLogin page.
 * Plain text only: the names are people's own text and never go into HTML.
 */
export function invitationMail(
  lang: Lang,
  to: string,
  v: { companyName: string; inviterName: string; roleName: string; link: string; days: number },
): MailMessage {
  if (lang === 'cn') {
    return {
      to,
      subject: oneLine(`${v.inviterName} 邀请您加入 ${v.companyName}`),
      text: `${v.inviterName} 邀请您以“${v.roleName}”角色加入 ${v.companyName}。\n\n请打开以下链接接受或拒绝邀请（${v.days}天内有效）：\n${v.link}\n\n如果您还没有账号，接受邀请时将为您创建账号。`,
    };
  }
  return {
    to,
    subject: oneLine(`${v.inviterName} invites you to join ${v.companyName}`),
    text: `${v.inviterName} invites you to join ${v.companyName} as ${v.roleName}.\n\nOpen this link to accept or refuse the invitation (valid for ${v.days} days):\n${v.link}\n\nIf you have no account yet, accepting creates one for you.`,
  };
}
