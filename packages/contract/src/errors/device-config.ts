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
  // Reasons a change-set ended rejected, reverted or expired (docs/decisions.md "Change-set reasons").
  entry(120123, 'The change could not be sent to the device', '无法将修改发送到设备'),
  entry(120124, 'The device did not take the change before its deadline', '设备未在截止时间前接收该修改'),
  entry(
    120125,
    'The cloud could not reach the device again within the confirm window, so the device put its previous configuration back',
    '云端未能在确认时间内再次连上设备，设备已恢复原配置',
  ),
  entry(120126, 'The device did not accept the confirmation', '设备未接受确认'),
  entry(120127, 'The device refused the change', '设备拒绝了该修改'),
  entry(120128, 'The device had already put its previous configuration back', '设备此前已恢复原配置'),
  entry(120129, 'The device does not know this change', '设备不知道此修改'),
  entry(120130, 'The device put its previous configuration back', '设备已恢复原配置'),
];
