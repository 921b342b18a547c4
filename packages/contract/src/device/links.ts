import { z } from 'zod';

/**
 * Uplinks of a device. A cellular link is per SIM (`cellular1` = SIM 1), so data usage "per link
 * and SIM" is one counter per link id.
 */
export const LINK_IDS = ['wan', 'wan2', 'cellular1', 'cellular2', 'wifi'] as const;
export const LinkIdSchema = z.enum(LINK_IDS);
export type LinkId = z.infer<typeof LinkIdSchema>;

/** Connection type of the active link, as the device list shows it. */
export const CONNECTION_TYPES = ['ethernet', 'cellular', 'wifi'] as const;
export const ConnectionTypeSchema = z.enum(CONNECTION_TYPES);
export type ConnectionType = z.infer<typeof ConnectionTypeSchema>;

export function connectionTypeOf(link: LinkId): ConnectionType {
  if (link === 'cellular1' || link === 'cellular2') return 'cellular';
  return link === 'wifi' ? 'wifi' : 'ethernet';
}

/** Network environment (core §3): whether the device's WAN address is private (behind NAT) or public. */
export const NetworkEnvironmentSchema = z.enum(['private', 'public']);
export type NetworkEnvironment = z.infer<typeof NetworkEnvironmentSchema>;

/** Cellular signal; RSSI and RSRP in dBm, RSRQ and SINR in dB. Absent values are unknown. */
export const SignalSchema = z.object({
  /** SIM slot the values belong to. */
  sim: z.union([z.literal(1), z.literal(2)]),
  rat: z.enum(['2G', '3G', '4G', '5G-NSA', '5G-SA']).optional(),
  rssi: z.number().min(-140).max(0).optional(),
  rsrp: z.number().min(-160).max(-30).optional(),
  rsrq: z.number().min(-40).max(10).optional(),
  sinr: z.number().min(-30).max(50).optional(),
  operator: z.string().max(64).optional(),
  band: z.string().max(32).optional(),
  cellId: z.string().max(32).optional(),
});
export type Signal = z.infer<typeof SignalSchema>;

/** Bytes moved on one link since the device booted (counters restart at boot; uptime tells). */
export const LinkUsageSchema = z.object({
  link: LinkIdSchema,
  rxBytes: z.number().int().nonnegative(),
  txBytes: z.number().int().nonnegative(),
});
export type LinkUsage = z.infer<typeof LinkUsageSchema>;

/** MAC as six colon-separated hex pairs. */
export const MacSchema = z.string().regex(/^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/, 'invalidValue');
/** IMEI: 15 digits. */
export const ImeiSchema = z.string().regex(/^\d{15}$/, 'invalidValue');
export const IccidSchema = z.string().regex(/^\d{18,22}[0-9F]?$/, 'invalidValue');
export const ImsiSchema = z.string().regex(/^\d{14,15}$/, 'invalidValue');
