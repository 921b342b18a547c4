import { z } from 'zod';

/**
 * What every bulk call on devices shares (the device list's, groups', tags' and licences'), apart from
 * devices.ts: a bundle takes a module whole, and the console's first page needs these but none of the
 * device list's calls.
 */

/** Devices in one bulk call (delete, reboot); moves, tags and transfers have their own limit of 100. */
export const BULK_MAX_DEVICES = 500;

/** What a bulk call did to each device: code 0, or the catalogue code that refused it. */
export const DeviceResultSchema = z.object({ sn: z.string(), code: z.number().int(), msg: z.string() });
export type DeviceResult = z.infer<typeof DeviceResultSchema>;
export const BulkResultSchema = z.object({
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(DeviceResultSchema),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;
