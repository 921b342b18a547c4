import { describe, expect, it } from 'vitest';
// The package surface imports every rule module, so every module's messages are registered.
import '../index.ts';
import { allRuleMessageKeys, ruleMessage } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('rule messages', () => {
  const keys = allRuleMessageKeys();

  it('cover the rule modules', () => {
    for (const key of [
      'passwordEmpty',
      'passwordMismatch',
      'emailInvalid',
      'maxDevices',
      'reportExists',
      'fileType',
    ])
      expect(keys).toContain(key);
  });

  it.each(keys)('%s reads in English and Chinese with the same placeholders', (key) => {
    const text = ruleMessage(key)!;
    expect(text.en.trim()).not.toBe('');
    expect(text.cn).toMatch(/\p{Script=Han}/u);
    expect(placeholders(text.cn)).toEqual(placeholders(text.en));
  });
});
