import { z } from 'zod';

/**
 * Device capabilities, the "devcfg" JSON a device reports in `hello` (core §3 Device config).
 * The remote configuration menus (core §2) hide or disable items by these flags.
 * Unknown keys are kept so a newer firmware can add flags without a protocol change.
 */
export const CapabilitiesSchema = z
  .object({
    /** Has a cellular modem. */
    cellular: z.boolean(),
    /** 5G capable modem. */
    fiveG: z.boolean().default(false),
    /** Two SIM slots; a device without it has one SIM (core §3: default SIM count 2 with dual SIM). */
    dualSim: z.boolean(),
    wifi: z.boolean(),
    /** Wi-Fi bands when `wifi` is true. */
    wifiBands: z.array(z.enum(['2.4GHz', '5GHz'])).default([]),
    gps: z.boolean(),
    /** Digital inputs/outputs. */
    dido: z.boolean(),
    /** Count of digital inputs and outputs when `dido` is true. */
    digitalInputs: z.number().int().nonnegative().default(0),
    digitalOutputs: z.number().int().nonnegative().default(0),
    /** Analog inputs. */
    ai: z.boolean(),
    analogInputs: z.number().int().nonnegative().default(0),
    /** Serial (COM) ports; zero disables the serial_port menu. */
    comPorts: z.number().int().nonnegative(),
    /** External USB port. */
    usb: z.boolean(),
    telephone: z.boolean(),
    smartRoaming: z.boolean(),
    poe: z.boolean(),
    /** PoE ports when `poe` is true. */
    poePorts: z.number().int().nonnegative().default(0),
    lora: z.boolean(),
    ethernetPorts: z.number().int().nonnegative(),
    wireguard: z.boolean().default(false),
    ipPassthrough: z.boolean().default(false),
    pppoeBridge: z.boolean().default(false),
    euridisPorts: z.number().int().nonnegative().default(0),
    mbusPorts: z.number().int().nonnegative().default(0),
    /** Board type string used to match firmware packages (app update error 7, board type mismatch). */
    boardType: z.string().default(''),
    /** Flash and RAM in MiB; the device reports insufficient memory (errors 1, 8) against them. */
    flashMb: z.number().int().nonnegative().default(0),
    ramMb: z.number().int().nonnegative().default(0),
  })
  .catchall(z.unknown());
export type Capabilities = z.infer<typeof CapabilitiesSchema>;
export type CapabilitiesInput = z.input<typeof CapabilitiesSchema>;

/** SIM slots a device has (core §3). */
export function simCount(capabilities: Pick<Capabilities, 'cellular' | 'dualSim'>): number {
  if (!capabilities.cellular) return 0;
  return capabilities.dualSim ? 2 : 1;
}
