import { entry } from './define.ts';

/**
 * Router alerts (issue 16): the spec names 800027-800029 (in endpoints.ts, shared with endpoint alerts);
 * the alert centre's own codes take 800038-800049, after the spec's 800001-800037; notification
 * channels (webhooks, e-mail) take 800050-800059; reports take 800060-800079 (reports.ts).
 */
export const ALERT_ERRORS = [
  entry(800038, 'Only a firing alert can be acknowledged', '只有告警中的告警可以确认'),
  entry(800039, 'The alert does not exist', '告警不存在'),
  entry(800040, 'A company can have at most {num} alert rules', '每个公司最多{num}条告警规则'),
  entry(800041, 'The silence does not exist', '静默不存在'),
  entry(800042, 'The rule, group or device to silence does not exist', '要静默的规则、分组或设备不存在'),
  entry(800043, 'A company can have at most {num} silences', '每个公司最多{num}条静默'),
  entry(800050, 'The webhook does not exist', 'Webhook不存在'),
  entry(800051, 'A company can have at most {num} webhooks', '每个公司最多{num}个Webhook'),
];
