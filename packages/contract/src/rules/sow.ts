import { ErrorCode } from '../errors/index.ts';

/**
 * Scope-of-work template rules (issue 20; features §5 "SOW: mandatory fields required; special-character
 * limits on file names; UTF-8 disallowed in some fields; template count limited"). The schema checks
 * what is required; these are the rules with codes of their own (191004, 191005), which the console
 * checks as the user types and the server checks again.
 */

/** SOW templates a company keeps (191003 beyond). */
export const SOW_TEMPLATES_MAX = 100;

/** A file name a router's label printer and file system take: letters, digits, space, `.`, `-`, `_`. */
export const SOW_FILE_NAME = /^[A-Za-z0-9 ._-]{1,128}$/;

/** Printable ASCII and line breaks: what a label printer prints ("UTF-8 disallowed"). */
export const SOW_LABEL_TEXT = /^[\x20-\x7E\r\n\t]*$/;

export interface SowProblem {
  field: string;
  code: number;
}

/** The coded problems of a template's labels (the config file's name is checked where it is known). */
export function sowLabelProblems(fields: {
  customProductLabel: boolean;
  productLabelContent: string | null;
  customBoxLabel: boolean;
  boxLabelContent: string | null;
}): SowProblem[] {
  const problems: SowProblem[] = [];
  if (fields.customProductLabel && !SOW_LABEL_TEXT.test(fields.productLabelContent ?? ''))
    problems.push({ field: 'productLabelContent', code: ErrorCode.SOW_LABEL_NOT_ASCII });
  if (fields.customBoxLabel && !SOW_LABEL_TEXT.test(fields.boxLabelContent ?? ''))
    problems.push({ field: 'boxLabelContent', code: ErrorCode.SOW_LABEL_NOT_ASCII });
  return problems;
}
