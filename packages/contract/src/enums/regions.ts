import type { Labels } from './labels.ts';

/** Service regions (core §3). */
export const REGIONS = ['AU', 'SA', 'EA', 'EA2', 'NA', 'EUR'] as const;
/** Regions of the mainland-China environment. */
export const CHINA_REGIONS = ['SouthernChina', 'EA'] as const;
export type Region = (typeof REGIONS)[number] | (typeof CHINA_REGIONS)[number];
export const REGION_LABELS: Labels<Region> = {
  AU: { en: 'Australia', cn: '澳大利亚' },
  SA: { en: 'South America', cn: '南美' },
  EA: { en: 'East Asia', cn: '东亚' },
  EA2: { en: 'East Asia 2', cn: '东亚2' },
  NA: { en: 'North America', cn: '北美' },
  EUR: { en: 'Europe', cn: '欧洲' },
  SouthernChina: { en: 'South China', cn: '华南' },
};

export function regionsFor(china: boolean): readonly Region[] {
  return china ? CHINA_REGIONS : REGIONS;
}

/** Region display names that also appear in lists (core §3), beyond the region codes. */
export const REGION_NAMES = [
  'australia',
  'southAmerica',
  'eastAsia',
  'eastAsia2',
  'northAmerica',
  'europe',
  'eastChina',
  'southChina',
  'westChina',
  'northChina',
  'southAfrica',
] as const;
export type RegionName = (typeof REGION_NAMES)[number];
export const REGION_NAME_LABELS: Labels<RegionName> = {
  australia: { en: 'Australia', cn: '澳大利亚' },
  southAmerica: { en: 'South America', cn: '南美' },
  eastAsia: { en: 'East Asia', cn: '东亚' },
  eastAsia2: { en: 'East Asia 2', cn: '东亚2' },
  northAmerica: { en: 'North America', cn: '北美' },
  europe: { en: 'Europe', cn: '欧洲' },
  eastChina: { en: 'East China', cn: '华东' },
  southChina: { en: 'South China', cn: '华南' },
  westChina: { en: 'West China', cn: '华西' },
  northChina: { en: 'North China', cn: '华北' },
  southAfrica: { en: 'South Africa', cn: '南非' },
};
