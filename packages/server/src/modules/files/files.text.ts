import type { Localized } from '@fleetport/contract';

/** Downloads' own message (the 416 answer's); upload limits are the contract's error catalogue. */
export const FILES_TEXT = {
  rangeOutside: { en: 'range: outside the file', cn: 'range：超出文件范围' },
} satisfies Record<string, Localized>;
