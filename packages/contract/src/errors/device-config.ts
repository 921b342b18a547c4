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
  entry(
    120121,
    "The configuration was changed on the device itself: keep it or put the cloud's back first",
    '设备上的配置已被本地修改：请先保留设备上的配置或恢复云端的配置',
  ),
  entry(120122, 'The device configuration has not drifted', '设备配置没有偏离'),
];
