import type { Localized } from '@fleetport/contract';
import type { MailText } from '../../platform/mail/mail-text.ts';

/** The words the notification channels write themselves; `{name}` placeholders. */

/** The note each administrator finds when a webhook destination has failed for an hour: {url}, {error}. */
export const WEBHOOK_FAILING_NOTE: Localized = {
  en: 'The webhook {url} has been failing for an hour ({error}). Deliveries keep being retried; nothing is lost.',
  cn: 'Webhook {url} 已连续失败一小时（{error}）。系统会继续重试投递，事件不会丢失。',
};

export const ALERT_LEVEL_WORDS: Record<string, Localized> = {
  critical: { en: 'Critical', cn: '紧急' },
  major: { en: 'Major', cn: '重要' },
  minor: { en: 'Minor', cn: '次要' },
  notice: { en: 'Notice', cn: '提示' },
};

/** What happened, per event type, as a subject line: {level}, {rule}, {count}. */
export const ALERT_MAIL_SUBJECTS: Record<string, Localized> = {
  'alert.firing': {
    en: '[{level}] {rule}: {count} device(s) alerting',
    cn: '【{level}】{rule}：{count}台设备告警',
  },
  'alert.resolved': {
    en: '[{level}] {rule}: {count} device(s) resolved',
    cn: '【{level}】{rule}：{count}台设备已恢复',
  },
  'alert.flapping': {
    en: '[{level}] {rule}: {count} device(s) flapping',
    cn: '【{level}】{rule}：{count}台设备状态频繁变化',
  },
};

/**
 * One alert message's mail: {rule}, {level}, {state}, {devices} (one line each), {at}, {unsubscribe}.
 */
export const ALERT_MAIL_BODY: Localized = {
  en:
    'Alert rule: {rule}\nLevel: {level}\nState: {state}\nTime (UTC): {at}\n\nDevices:\n{devices}\n\n' +
    'To stop these e-mails: {unsubscribe}\n',
  cn:
    '告警规则：{rule}\n级别：{level}\n状态：{state}\n时间（UTC）：{at}\n\n设备：\n{devices}\n\n' +
    '退订此类邮件：{unsubscribe}\n',
};

export const ALERT_STATE_WORDS: Record<string, Localized> = {
  'alert.firing': { en: 'Firing', cn: '告警中' },
  'alert.resolved': { en: 'Resolved', cn: '已恢复' },
  'alert.flapping': { en: 'Flapping', cn: '频繁变化' },
};

/** The one mail past the hourly cap: {count}, {hour}, {lines} (one per message), {unsubscribe}. */
export const ALERT_DIGEST_MAIL: MailText = {
  subject: {
    en: 'Alert digest: {count} more alert messages this hour',
    cn: '告警汇总：本小时另有{count}条告警消息',
  },
  body: {
    en:
      'More alert messages came this hour ({hour} UTC) than the hourly limit of e-mails. ' +
      'They are listed here; the alert centre has the details.\n\n{lines}\n\nTo stop these e-mails: {unsubscribe}\n',
    cn: '本小时（UTC {hour}）的告警消息超过了每小时邮件上限，汇总如下；详情请查看告警中心。\n\n{lines}\n\n退订此类邮件：{unsubscribe}\n',
  },
};

/** The mail to administrators when a webhook has failed for an hour: {url}, {error}, {since}. */
export const WEBHOOK_FAILING_MAIL: MailText = {
  subject: { en: 'Webhook failing: {url}', cn: 'Webhook投递失败：{url}' },
  body: {
    en:
      'Deliveries to the webhook {url} have failed since {since} (UTC). The last answer: {error}.\n\n' +
      'The destination stays enabled and deliveries are retried; every event can also be read again ' +
      'from the event log.\n',
    cn: '自 {since}（UTC）起，向 Webhook {url} 的投递一直失败。最近一次结果：{error}。\n\n该目标仍保持启用，系统会继续重试；所有事件也可从事件日志中重新读取。\n',
  },
};

/** A report run's file is ready (issue 16 "its link e-mailed"): {report}, {file}, {link}, {unsubscribe}. */
export const REPORT_READY_MAIL: MailText = {
  subject: { en: 'Report ready: {report}', cn: '报表已生成：{report}' },
  body: {
    en:
      'The report {report} is ready: {file}.\n\n' +
      'Download or share it on the reports page: {link}\n\n' +
      'To stop these e-mails: {unsubscribe}\n',
    cn: '报表{report}已生成：{file}。\n\n请在报表页面下载或分享：{link}\n\n退订此类邮件：{unsubscribe}\n',
  },
};

/**
 * A VPN group's traffic reached 80 % of its data limit in a cycle (the e-mail notification type "VPN data
 * low"): {group}, {percent}, {used}, {limit}, {next}, {link}, {unsubscribe}.
 */
export const VPN_GROUP_DATA_LOW_MAIL: MailText = {
  subject: {
    en: 'VPN data low: {group} has used {percent} % of its data limit',
    cn: 'VPN流量不足：{group}已使用数据限额的{percent}%',
  },
  body: {
    en:
      'The VPN group {group} has used {used} of its {limit} data limit in this cycle ({percent} %).\n' +
      'At the limit its tunnels stop unless the company has VPN data pool left; they come back {next}' +
      'with a higher data limit or with data added to the pool.\n\n' +
      'The group: {link}\n\nTo stop these e-mails: {unsubscribe}\n',
    cn:
      'VPN组{group}本周期已使用{used}，数据限额为{limit}（{percent}%）。\n' +
      '达到限额后，除非公司的VPN流量池仍有剩余，其隧道将停止；{next}提高数据限额或向流量池添加流量后恢复。\n\n' +
      'VPN组：{link}\n\n退订此类邮件：{unsubscribe}\n',
  },
};

/**
 * A VPN group's traffic reached its data limit (the e-mail notification type "VPN data exhausted"):
 * {group}, {used}, {limit}, {state} (what happens to its tunnels), {link}, {unsubscribe}.
 */
export const VPN_GROUP_DATA_EXHAUSTED_MAIL: MailText = {
  subject: {
    en: 'VPN data exhausted: {group} reached its data limit',
    cn: 'VPN流量耗尽：{group}已达到数据限额',
  },
  body: {
    en:
      'The VPN group {group} has used {used} of its {limit} data limit in this cycle.\n{state}\n\n' +
      'The group: {link}\n\nTo stop these e-mails: {unsubscribe}\n',
    cn: 'VPN组{group}本周期已使用{used}，数据限额为{limit}。\n{state}\n\nVPN组：{link}\n\n退订此类邮件：{unsubscribe}\n',
  },
};

/** What happens to an exhausted group's tunnels: {code}, {message}, {next}, {remaining}. */
export const VPN_GROUP_EXHAUSTED_STATE: Record<'refused' | 'pool', Localized> = {
  refused: {
    en: 'Its tunnels are refused ({code}: {message}); they come back {next}with a higher data limit or with data added to the data pool.',
    cn: '其隧道已被拒绝（{code}：{message}）；{next}提高数据限额或向流量池添加流量后恢复。',
  },
  pool: {
    en: "Its tunnels carry on with the company's VPN data pool: {remaining} left.",
    cn: '其隧道正在使用公司的VPN流量池继续运行：剩余{remaining}。',
  },
};

/** When the next cycle starts ({at}, UTC); a single-time limit has none (empty). */
export const VPN_NEXT_CYCLE: Localized = {
  en: 'at the next cycle ({at} UTC), ',
  cn: '下一周期（UTC {at}）开始时或',
};
