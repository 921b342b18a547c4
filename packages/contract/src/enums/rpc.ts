import { z } from 'zod';

/**
 * RPC states (ARCHITECTURE §4). The cloud creates a command `inExecution`; the device's final
 * reply makes it `success` or `failure`; the cloud marks it `timeout` when the deadline passes first.
 * Kept apart from the RPC methods so the console's live socket reads them without loading every
 * method's schemas into the first page.
 */
export const RPC_STATES = ['inExecution', 'success', 'failure', 'timeout'] as const;
export type RpcState = (typeof RPC_STATES)[number];
export const RpcStateSchema = z.enum(RPC_STATES);
