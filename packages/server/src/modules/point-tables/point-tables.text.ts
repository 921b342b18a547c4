import type { Localized } from '@fleetport/contract';

/** Server words of the point table area (import preview problems). */
export const POINT_TABLE_TEXT = {
  unreadable: { en: '{fileName}: the file cannot be read', cn: '{fileName}：无法读取文件' },
  notXlsx: { en: 'Only .xlsx files can be imported', cn: '仅支持导入.xlsx文件' },
  noPointsSheet: {
    en: 'The file has no "Points" sheet with a header row',
    cn: '文件中没有带表头的"Points"工作表',
  },
  offProtocolAnswer: {
    en: 'The gateway answered outside the protocol',
    cn: '网关的应答不符合协议',
  },
} satisfies Record<string, Localized>;
