import type { Localized } from '@fleetport/contract';

/** The words of a rollout's own reasons (issue 14), filled with `interpolate`. */
export const ROLLOUT_TEXT = {
  sheetName: { en: 'Rollout devices', cn: '升级任务设备' },
  stoppedByFailures: {
    en: 'Batch {batch}: {failed} of {size} devices failed or timed out, past the limit',
    cn: '第{batch}批：{size}台设备中有{failed}台失败或超时，超过了限制',
  },
  stoppedBySuccesses: {
    en: 'Batch {batch}: only {succeeded} of {size} devices succeeded, under the {percent} % required',
    cn: '第{batch}批：{size}台设备中仅{succeeded}台成功，低于要求的{percent}%',
  },
  linkNotHealthy: {
    en: 'The update succeeded but the link was not healthy within {minutes} minutes (no report with a signal)',
    cn: '升级成功，但链路未在{minutes}分钟内恢复正常（没有带信号的上报）',
  },
  vpnNotHealthy: {
    en: 'The update succeeded but its VPN tunnel was not back up within {minutes} minutes',
    cn: '升级成功，但其VPN隧道未在{minutes}分钟内恢复',
  },
  timedOut: {
    en: 'No final state within the deadline of {minutes} minutes',
    cn: '未在{minutes}分钟的期限内结束',
  },
  configRejected: { en: 'The router refused the change', cn: '路由器拒绝了该变更' },
  configReverted: {
    en: 'The router put its previous configuration back (not confirmed in time)',
    cn: '路由器已恢复之前的配置（未及时确认）',
  },
  configExpired: {
    en: 'The router never took the change before its deadline',
    cn: '路由器在期限前未接收该变更',
  },
  waitsForSpacing: {
    en: 'Waits: {reason}',
    cn: '等待中：{reason}',
  },
} satisfies Record<string, Localized>;
