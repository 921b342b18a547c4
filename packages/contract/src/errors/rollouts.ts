import { entry } from './define.ts';

/** Rollouts of a firmware or app version to many devices (issue 14): codes after the templates' 1906xx. */
export const ROLLOUT_ERRORS = [
  entry(190650, 'The rollout does not exist', '升级任务不存在'),
  entry(
    190651,
    'None of the chosen devices can take this firmware or app (series or model)',
    '所选设备均不适用该固件或应用（系列或型号不符）',
  ),
  entry(
    190652,
    'A rollout holds at most 10,000 devices: narrow the target',
    '一个升级任务最多包含10,000台设备，请缩小目标范围',
  ),
  entry(190653, 'Only a running rollout can be paused', '只能暂停进行中的升级任务'),
  entry(190654, 'Only a paused or halted rollout can be resumed', '只能恢复已暂停或已中止的升级任务'),
  entry(190655, 'The rollout has already ended', '升级任务已结束'),
  entry(190656, 'No device of the rollout failed or timed out', '该升级任务没有失败或超时的设备'),
  entry(190657, 'The group has no configuration profile for this series yet', '该分组尚无此系列的配置方案'),
];
