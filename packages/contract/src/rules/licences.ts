import type { LicenceLevel } from '../enums/licences.ts';
import { CORE_ERROR_CODES } from '../errors/core-codes.ts';
import { VPN_TRAFFIC_ADVANCED_BYTES, VPN_TRAFFIC_EXTENSION_BYTES } from '../limits.ts';

/**
 * What each device licence level unlocks (core §6 "Company and licence limits", features §6): the one
 * table every feature asks, on the server before it acts and in the console before it offers a button.
 * Basic is limited (no packet capture, no Wireshark file); Essential adds firmware, app and configuration
 * updates, alerts, diagnostics and schedulers; Advanced adds VPN with 5 GB; Extension adds VPN with
 * 10 MB; the captive portal needs Advanced Plus (CAPTIVE_PORTAL_PRO). Extension is the mainland-China
 * environment's only paid level next to Basic, so it carries Essential's functions too, or no device
 * there could ever be updated. Elevators have licences of their own (per elevator, not per device level).
 */
export const LICENCE_FEATURES = [
  'capture',
  'wireshark',
  'ota',
  'configUpdate',
  'alerts',
  'diagnostics',
  'schedulers',
  'vpn',
  'captivePortal',
] as const;
export type LicenceFeature = (typeof LICENCE_FEATURES)[number];

const ESSENTIAL_FEATURES = [
  'capture',
  'wireshark',
  'ota',
  'configUpdate',
  'alerts',
  'diagnostics',
  'schedulers',
] as const satisfies readonly LicenceFeature[];

export const LEVEL_ENTITLEMENTS: Readonly<Record<LicenceLevel, readonly LicenceFeature[]>> = {
  BASE: [],
  ESSENTIALS: ESSENTIAL_FEATURES,
  ADVANCED: [...ESSENTIAL_FEATURES, 'vpn'],
  CAPTIVE_PORTAL_PRO: [...ESSENTIAL_FEATURES, 'vpn', 'captivePortal'],
  EXTENSION: [...ESSENTIAL_FEATURES, 'vpn'],
};

/** VPN traffic a level includes (core §9: 5 GB Advanced, 10 MB Extension); 0 without VPN. */
export const LEVEL_VPN_TRAFFIC_BYTES: Readonly<Record<LicenceLevel, number>> = {
  BASE: 0,
  ESSENTIALS: 0,
  ADVANCED: VPN_TRAFFIC_ADVANCED_BYTES,
  CAPTIVE_PORTAL_PRO: VPN_TRAFFIC_ADVANCED_BYTES,
  EXTENSION: VPN_TRAFFIC_EXTENSION_BYTES,
};

export function levelAllows(level: LicenceLevel, feature: LicenceFeature): boolean {
  return LEVEL_ENTITLEMENTS[level].includes(feature);
}

/**
 * The catalogue code that refuses `feature` on a device of `level`, or null when the level allows it:
 * VPN on any level without it 180020 (needs Advanced; a Basic device too, as core §8 names that code
 * for VPN), anything else on Basic 120095 (the upgrade dialog), anything else 190308 (the licence does
 * not include this function; the upgrade dialog too).
 */
export function licenceRefusal(level: LicenceLevel, feature: LicenceFeature): number | null {
  if (levelAllows(level, feature)) return null;
  if (feature === 'vpn') return CORE_ERROR_CODES.VPN_NEEDS_ADVANCED;
  if (level === 'BASE') return CORE_ERROR_CODES.BASIC_LICENCE_UPGRADE;
  return CORE_ERROR_CODES.LICENCE_UPGRADE;
}
