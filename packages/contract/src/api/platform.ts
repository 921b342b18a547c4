import { z } from 'zod';
import { defineCall } from './define.ts';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['pglite', 'postgres']) }),
  /** The device gateway, when this node runs one: not ok while device messages cannot be stored. */
  gateway: z
    .object({ ok: z.boolean(), unacknowledged: z.number(), reason: z.string().optional() })
    .optional(),
  /** Why the status is `degraded`, one sentence each. */
  reasons: z.array(z.string()).optional(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthCall = defineCall({
  id: 'platform.health',
  method: 'GET',
  path: '/health',
  input: z.object({}).strict(),
  output: HealthSchema,
  permission: 'public',
  summary: 'Liveness and readiness: database (and, later, broker) reachability',
});

/** GET /static/config.json: the versions the console shows (core §7), and the server's console settings. */
export const StaticConfigSchema = z.object({
  version: z.string(),
  buildTime: z.string(),
  apiVersion: z.string(),
  /** MAP_TILE_URL: the Leaflet tile template (`{z}/{x}/{y}`, optional `{s}`) the location map loads. */
  mapTileUrl: z.string(),
});

/** The public OpenStreetMap tiles, used unless MAP_TILE_URL names a company's own tile server. */
export const DEFAULT_MAP_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const staticConfigCall = defineCall({
  id: 'platform.staticConfig',
  method: 'GET',
  path: '/static/config.json',
  input: z.object({}).strict(),
  output: StaticConfigSchema,
  permission: 'public',
  summary: 'Platform versions and console settings (the map tile URL)',
});

export const PLATFORM_CALLS = [healthCall, staticConfigCall] as const;
