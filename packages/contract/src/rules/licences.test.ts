import { describe, expect, it } from 'vitest';
import { CHINA_LICENCE_LEVELS, LEVEL_PRODUCT, LICENCE_LEVELS, levelOfProduct } from '../enums/licences.ts';
import { errorMessage } from '../errors/index.ts';
import { LEVEL_VPN_TRAFFIC_BYTES, levelAllows, licenceRefusal } from './licences.ts';

/** What each licence level unlocks (core §6, features §6): the one table every feature asks. */
describe('licence entitlements', () => {
  it('keeps Basic from capture, Wireshark, OTA and the rest, with the upgrade code 120095', () => {
    for (const feature of [
      'capture',
      'wireshark',
      'ota',
      'configUpdate',
      'alerts',
      'diagnostics',
      'schedulers',
    ] as const) {
      expect(levelAllows('BASE', feature)).toBe(false);
      expect(licenceRefusal('BASE', feature)).toBe(120095);
      expect(levelAllows('ESSENTIALS', feature)).toBe(true);
    }
    expect(errorMessage(120095, 'en')).toBe(
      'The Basic licence cannot use this function, please upgrade the licence',
    );
  });

  it('gives VPN to Advanced, Advanced Plus and Extension with their traffic, and refuses it elsewhere with 180020', () => {
    expect(LICENCE_LEVELS.filter((level) => levelAllows(level, 'vpn'))).toEqual([
      'ADVANCED',
      'CAPTIVE_PORTAL_PRO',
      'EXTENSION',
    ]);
    expect(licenceRefusal('ESSENTIALS', 'vpn')).toBe(180020);
    expect(licenceRefusal('BASE', 'vpn')).toBe(180020);
    expect(LEVEL_VPN_TRAFFIC_BYTES.ADVANCED).toBe(5 * 1024 ** 3);
    expect(LEVEL_VPN_TRAFFIC_BYTES.EXTENSION).toBe(10 * 1024 ** 2);
  });

  it('keeps the captive portal for its own licence (190308 otherwise), and lets OTA need Essential or higher', () => {
    expect(LICENCE_LEVELS.filter((level) => levelAllows(level, 'captivePortal'))).toEqual([
      'CAPTIVE_PORTAL_PRO',
    ]);
    expect(licenceRefusal('ADVANCED', 'captivePortal')).toBe(190308);
    expect(LICENCE_LEVELS.filter((level) => !levelAllows(level, 'ota'))).toEqual(['BASE']);
  });

  it('lets every mainland-China level be updated, and each paid level draw its own product', () => {
    expect(CHINA_LICENCE_LEVELS.filter((level) => level !== 'BASE').every((l) => levelAllows(l, 'ota'))).toBe(
      true,
    );
    for (const [level, product] of Object.entries(LEVEL_PRODUCT)) expect(levelOfProduct(product)).toBe(level);
    expect(levelOfProduct('ELEVATOR_IOT')).toBeNull();
  });
});
