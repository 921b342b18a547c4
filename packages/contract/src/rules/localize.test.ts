import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localizeIssues } from './localize.ts';

const Body = z.strictObject({ name: z.string().min(2), count: z.number().int() });

describe('localizeIssues', () => {
  it('says a missing field is required, naming it', () => {
    const result = Body.safeParse({ count: 1 });
    expect(localizeIssues(result.error!, 'en')).toEqual([
      { field: 'name', message: 'name is required field' },
    ]);
  });

  it('says a wrong type is a wrong type, not "required", with or without reportInput', () => {
    for (const options of [undefined, { reportInput: true }]) {
      const result = Body.safeParse({ name: 12345, count: 1 }, options);
      expect(localizeIssues(result.error!, 'en')).toEqual([
        { field: 'name', message: 'name must be a text' },
      ]);
      expect(localizeIssues(result.error!, 'cn')).toEqual([{ field: 'name', message: 'name必须是文本' }]);
    }
  });

  it('names an unknown field and the bound of a too-short text', () => {
    const result = Body.safeParse({ name: 'a', count: 1, extra: true });
    expect(localizeIssues(result.error!, 'en')).toEqual([
      { field: 'name', message: 'Min. 2 characters' },
      { field: 'extra', message: 'Unknown field extra' },
    ]);
  });
});
