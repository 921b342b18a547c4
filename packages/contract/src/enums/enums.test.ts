import { describe, expect, it } from 'vitest';
import type { Localized } from '../i18n.ts';
import { ROLE_TYPE, type RoleType } from '../role-types.ts';
import * as enums from './index.ts';
import {
  ALERT_SEVERITIES,
  CHINA_LICENCE_LEVELS,
  canEditRoleType,
  compareRoleTypes,
  LICENCE_LEVEL_LABELS,
  LICENCE_LEVELS,
  labelOf,
  licenceLevelsFor,
  POINT_DATA_TYPES,
  RANKED_ROLE_TYPES,
  regionsFor,
  roleTypeLabel,
  SITE_IP_ACCESS_TYPES,
  UPDATE_STATE_LABELS,
} from './index.ts';

describe('role types', () => {
  it('ranks owner > administrator > operator > read-only', () => {
    const shuffled: RoleType[] = [
      ROLE_TYPE.operator,
      ROLE_TYPE.owner,
      ROLE_TYPE.readOnly,
      ROLE_TYPE.administrator,
    ];
    expect([...shuffled].sort(compareRoleTypes)).toEqual([...RANKED_ROLE_TYPES]);
    expect(compareRoleTypes(ROLE_TYPE.owner, ROLE_TYPE.administrator)).toBe(1);
    expect(compareRoleTypes(ROLE_TYPE.readOnly, ROLE_TYPE.operator)).toBe(-1);
    expect(compareRoleTypes(ROLE_TYPE.operator, ROLE_TYPE.operator)).toBe(0);
  });

  it('lets a role edit its equals and lower roles only', () => {
    expect(canEditRoleType(ROLE_TYPE.administrator, ROLE_TYPE.operator)).toBe(true);
    expect(canEditRoleType(ROLE_TYPE.administrator, ROLE_TYPE.administrator)).toBe(true);
    expect(canEditRoleType(ROLE_TYPE.operator, ROLE_TYPE.administrator)).toBe(false);
    expect(canEditRoleType(ROLE_TYPE.readOnly, ROLE_TYPE.owner)).toBe(false);
  });

  it('labels the values as core §3 does', () => {
    expect(roleTypeLabel(0).en).toBe('Read only');
    expect(roleTypeLabel(0.2).en).toBe('Read only');
    expect(roleTypeLabel(0.1).en).toBe('Provisioner');
    expect(roleTypeLabel(0.3).cn).toBe('安装员');
    expect(roleTypeLabel(1.5).en).toBe('Administrator');
    expect(roleTypeLabel(2).cn).toBe('所有者');
    expect(roleTypeLabel(7)).toEqual({ en: '7', cn: '7' });
    expect(enums.isRoleType(0.5)).toBe(true);
    expect(enums.isRoleType(0.7)).toBe(false);
  });
});

describe('licences and regions', () => {
  it('offers only BASE and EXTENSION in the China environment', () => {
    expect(licenceLevelsFor(true)).toEqual(['BASE', 'EXTENSION']);
    expect(CHINA_LICENCE_LEVELS.every((l) => LICENCE_LEVELS.includes(l))).toBe(true);
    expect(licenceLevelsFor(false)).toHaveLength(5);
    expect(LICENCE_LEVEL_LABELS.CAPTIVE_PORTAL_PRO.en).toBe('Advanced Plus');
    expect(LICENCE_LEVEL_LABELS.BASE.en).toBe('Basic');
  });

  it('offers SouthernChina and EA in the China environment', () => {
    expect(regionsFor(true)).toEqual(['SouthernChina', 'EA']);
    expect(regionsFor(false)).toEqual(['AU', 'SA', 'EA', 'EA2', 'NA', 'EUR']);
  });
});

describe('other enumerations', () => {
  it('lists the site IP access types with their labels', () => {
    expect(SITE_IP_ACCESS_TYPES.find((t) => t.value === 'REAL_IP')?.en).toBe('Virtual IP only');
    expect(SITE_IP_ACCESS_TYPES.map((t) => t.value)).toEqual([...enums.SITE_IP_ACCESS_TYPE_VALUES]);
  });

  it('keeps the spec order of severities and point data types', () => {
    expect(ALERT_SEVERITIES).toEqual(['critical', 'major', 'minor', 'notice']);
    expect(POINT_DATA_TYPES).toHaveLength(9);
    expect(POINT_DATA_TYPES).toContain('RAW-DATA');
  });

  it('gives every label an English and a Chinese text', () => {
    const maps = Object.entries(enums).filter(([name]) => name.endsWith('_LABELS'));
    expect(maps.length).toBeGreaterThan(40);
    for (const [name, map] of maps) {
      for (const [key, label] of Object.entries(map as Record<string, Localized>)) {
        expect(label.en, `${name}.${key}`).not.toBe('');
        expect(label.cn, `${name}.${key}`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('falls back to the raw value for an unknown member', () => {
    expect(labelOf(UPDATE_STATE_LABELS, 'rebooting').cn).toBe('重启中');
    expect(labelOf(UPDATE_STATE_LABELS, 'frozen')).toEqual({ en: 'frozen', cn: 'frozen' });
  });
});
