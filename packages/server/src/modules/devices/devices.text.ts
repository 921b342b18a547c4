import type { Localized } from '@fleetport/contract';

/** The device list export's sheet and the words its cells show (the headers are the contract's columns). */
export const DEVICE_EXPORT_TEXT = {
  sheetName: { en: 'Devices', cn: '设备' },
  online: { en: 'Online', cn: '在线' },
  offline: { en: 'Offline', cn: '离线' },
  ungrouped: { en: 'Ungrouped', cn: '未分组' },
} satisfies Record<string, Localized>;

/** The device import's row messages beside the contract's rules ({model}, {row}, {fileName}). */
export const DEVICE_IMPORT_TEXT = {
  name: { en: 'Name', cn: '名称' },
  duplicateRow: { en: 'row {row}', cn: '第{row}行' },
  unknownModel: {
    en: 'Model: {model} is not a known model; the device will show the model it reports when it connects',
    cn: '型号：未知型号{model}，设备连接后显示其上报的型号',
  },
  unreadable: { en: '{fileName}: the file cannot be read', cn: '{fileName}：无法读取文件' },
} satisfies Record<string, Localized>;
