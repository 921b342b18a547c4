import { ErrorCode, errorReaction } from '@fleetport/contract';
import type { FormInstance } from 'antd';
import { ApiError } from '../../api/client.ts';

/**
 * Puts a silent account code (expired code, unknown e-mail, taken phone ...) beside the field it
 * is about. Answers false when the error is not one of them (the client already showed it).
 */
export function showBesideField(
  form: FormInstance,
  error: unknown,
  fields: { account: string; code: string },
) {
  if (!(error instanceof ApiError) || errorReaction(error.code) !== 'silent') return false;
  const name = error.code === ErrorCode.CODE_EXPIRED ? fields.code : fields.account;
  form.setFields([{ name, errors: [error.message] }]);
  return true;
}
