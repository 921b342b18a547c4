import { z } from 'zod';

/**
 * States of a zero-touch provisioning run (issue 14; docs/decisions.md "Zero-touch templates"). Kept
 * apart from the calls so the console's live socket reads them without loading the calls' schemas.
 */
export const PROVISIONING_STATES = ['running', 'done', 'stopped'] as const;
export const ProvisioningStateSchema = z.enum(PROVISIONING_STATES);
export type ProvisioningState = z.infer<typeof ProvisioningStateSchema>;
