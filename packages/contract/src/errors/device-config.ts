import { entry } from './define.ts';

/** Remote configuration (issue 15): codes after the device console's 120100-120117. */
export const DEVICE_CONFIG_ERRORS = [
  entry(
    120118,
    'A configuration change is still in progress on this device; wait until it ends',
    '该设备上仍有配置变更在进行中，请等待其结束',
  ),
  entry(
    120119,
    'The device has not reported its configuration yet; try again once it is online',
    '设备尚未上报其配置，请在设备上线后重试',
  ),
  entry(120120, 'Only an applied change can be rolled back', '只能回滚已应用的修改'),
];

export const DEVICE_CONFIG_ERROR_CODES = {
  CONFIG_CHANGE_IN_PROGRESS: 120118,
  CONFIG_NOT_REPORTED: 120119,
  CONFIG_ROLLBACK_NOT_APPLIED: 120120,
} as const;
