import type { Labels } from './labels.ts';
import type { RolloutDeviceState, RolloutState } from './rollouts.ts';

/** Words of the rollout states (issue 14), apart from the states: the console's live socket reads only those. */
export const ROLLOUT_STATE_LABELS: Labels<RolloutState> = {
  running: { en: 'Running', cn: '进行中' },
  paused: { en: 'Paused', cn: '已暂停' },
  halted: { en: 'Halted', cn: '已中止' },
  cancelled: { en: 'Cancelled', cn: '已取消' },
  completed: { en: 'Completed', cn: '已完成' },
};

export const ROLLOUT_DEVICE_STATE_LABELS: Labels<RolloutDeviceState> = {
  waiting: { en: 'Waiting', cn: '等待中' },
  pending: { en: 'Pending', cn: '待升级' },
  updating: { en: 'Updating', cn: '升级中' },
  rebooting: { en: 'Rebooting', cn: '重启中' },
  verifying: { en: 'Checking the link', cn: '检查链路中' },
  success: { en: 'Success', cn: '成功' },
  failure: { en: 'Failure', cn: '失败' },
  timeout: { en: 'Timeout', cn: '超时' },
  released: { en: 'Released', cn: '已释放' },
};
