import {
  ALERT_ERROR_CODES,
  APP_CENTRE_ERROR_CODES,
  DEVICE_CONFIG_ERROR_CODES,
  INSTALLER_ERROR_CODES,
  OPEN_API_ERROR_CODES,
  QUOTA_ERROR_CODES,
  REPORT_ERROR_CODES,
  ROLLOUT_ERROR_CODES,
  SUPER_ADMIN_ERROR_CODES,
  TWO_FACTOR_ERROR_CODES,
  VPN_ERROR_CODES,
} from './area-codes.ts';
import { CORE_ERROR_CODES } from './core-codes.ts';
import { FEATURE_ERROR_CODES } from './feature-codes.ts';

export { APP_UPDATE_ERRORS, appUpdateError } from './app-update.ts';
export { ERROR_CATALOGUE, errorEntry, errorMessage, errorPlaceholders } from './catalogue.ts';
export {
  ELEVATOR_EVENT_CODES,
  ELEVATOR_FAULTS,
  type ElevatorEventCode,
  elevatorFault,
} from './elevator-faults.ts';
export { CODES_WITH_REACTIONS, errorReaction } from './reactions.ts';
export { SILENT_CODES } from './silent.ts';
export { TRANSPORT_ERRORS } from './transport.ts';
export type { ErrorEntry, ErrorReaction } from './types.ts';
export { ERROR_REACTIONS } from './types.ts';

/**
 * Named codes used by code: servers throw these, clients branch on them. Every value is a catalogue
 * entry (a test checks it), so `throw new AppError(ErrorCode.DEVICE_OFFLINE)` never carries a bare number.
 */
export const ErrorCode = {
  ...CORE_ERROR_CODES,
  ...FEATURE_ERROR_CODES,
  ...QUOTA_ERROR_CODES,
  ...ALERT_ERROR_CODES,
  ...REPORT_ERROR_CODES,
  ...INSTALLER_ERROR_CODES,
  ...APP_CENTRE_ERROR_CODES,
  ...DEVICE_CONFIG_ERROR_CODES,
  ...ROLLOUT_ERROR_CODES,
  ...VPN_ERROR_CODES,
  ...OPEN_API_ERROR_CODES,
  ...TWO_FACTOR_ERROR_CODES,
  ...SUPER_ADMIN_ERROR_CODES,
} as const;
export type ErrorCodeName = keyof typeof ErrorCode;
