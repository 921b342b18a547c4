import type { Localized } from '@fleetport/contract';

/** The products area's own words: field messages the catalogue has no code for. */
export const PRODUCT_TEXT = {
  unknownPoint: {
    en: 'Point {name} is not in the point table',
    cn: '点表中没有点{name}',
  },
  pointInTwoGroups: {
    en: 'Point {name} is in more than one report group',
    cn: '点{name}在多个上报分组中',
  },
  parameterMissing: {
    en: 'Point {name} of the report groups has no parameter',
    cn: '上报分组中的点{name}没有参数',
  },
  parameterNotInGroups: {
    en: 'Point {name} is not in a report group of the product',
    cn: '点{name}不在产品的上报分组中',
  },
  logoInvalid: {
    en: 'Upload the logo again: it is not one of your product logos',
    cn: '请重新上传图标：该文件不是本公司的产品图标',
  },
} satisfies Record<string, Localized>;
