import { ErrorCode, summarizeFieldErrors } from '@fleetport/contract';

/**
 * A business error: a catalogue code and the `data` that fills its placeholders. Services throw it;
 * the one error handler turns it into the envelope in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly data: unknown = null,
    /** HTTP status; business errors travel as 200 with a non-zero code, as the console expects. */
    readonly httpStatus = 200,
    /** Overrides the catalogue text (e.g. a validation summary naming the fields). */
    readonly detail?: string,
  ) {
    super(detail ?? `error ${code}`);
    this.name = 'AppError';
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const noPermission = () => new AppError(ErrorCode.NO_PERMISSION);

/** A bad request the schema cannot see (a key reused, a product listed twice): code 1 naming the field. */
export function fieldError(field: string, message: string): AppError {
  const fields = [{ field, message }];
  return new AppError(ErrorCode.PARAMETER_ERROR, { fields }, 200, summarizeFieldErrors(fields));
}
