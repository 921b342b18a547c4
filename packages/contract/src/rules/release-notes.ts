import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';

/** Release notes (core §3; issue 18): the version is digits and dots. */
registerRuleMessages({
  releaseVersionInvalid: {
    en: 'Please enter a version of digits separated by dots, such as 2.4.1',
    cn: '请输入以点分隔的数字版本号，例如2.4.1',
  },
  releaseNoteEmpty: {
    en: 'Please write what is new, or attach a file',
    cn: '请填写更新内容，或添加附件',
  },
});

/** Digits separated by dots (`2.4`, `5.3.0`), at most 20 characters. */
export const ReleaseVersionSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^\d+(\.\d+)*$/, { error: 'releaseVersionInvalid' });
