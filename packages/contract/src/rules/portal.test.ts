import { describe, expect, it } from 'vitest';
import {
  checkPortalLanguages,
  isRedirectUrl,
  PortalLanguageNamesSchema,
  PortalResetTimeSchema,
  portalBackgroundsComplete,
  portalLimitSchema,
  RedirectUrlSchema,
} from './portal.ts';
import { messagesFor } from './test-helpers.ts';

describe('portal', () => {
  const langs = (n: number) => Array.from({ length: n }, (_, i) => `Lang ${i}`);

  it('at most 10 languages, names unique', () => {
    expect(checkPortalLanguages(langs(10))).toBeNull();
    expect(messagesFor(PortalLanguageNamesSchema, langs(11))).toEqual(['At most 10 languages']);
    expect(messagesFor(PortalLanguageNamesSchema, ['English', 'english'], 'cn')).toEqual(['语言名称已存在']);
  });

  it('both backgrounds required', () => {
    expect(portalBackgroundsComplete({ pc: 'bg.jpg', mobile: 'm.jpg' })).toBe(true);
    expect(portalBackgroundsComplete({ pc: 'bg.jpg' })).toBe(false);
  });

  it('redirection URL: http or https with a host', () => {
    for (const ok of ['http://example.com', 'https://wifi.example.cn/welcome?x=1', 'HTTPS://a.b'])
      expect(isRedirectUrl(ok)).toBe(true);
    for (const bad of ['ftp://example.com', 'example.com', 'javascript:alert(1)', 'http://', 'https:// a'])
      expect(isRedirectUrl(bad)).toBe(false);
    expect(messagesFor(RedirectUrlSchema, 'example.com')).toEqual(['Redirection URL invalid']);
    expect(messagesFor(RedirectUrlSchema, 'example.com', 'cn')).toEqual(['重定向URL无效']);
  });

  it('reset start time is HH:mm', () => {
    expect(messagesFor(PortalResetTimeSchema, '00:00')).toEqual([]);
    expect(messagesFor(PortalResetTimeSchema, '23:59')).toEqual([]);
    expect(messagesFor(PortalResetTimeSchema, '24:00')).toEqual(['Please enter a time as HH:mm']);
    expect(messagesFor(PortalResetTimeSchema, '7:30', 'cn')).toEqual(['请按HH:mm格式输入时间']);
  });

  it('limits: integer 1 to num, or 0 for unlimited', () => {
    const limit = portalLimitSchema(1440);
    expect(messagesFor(limit, 0)).toEqual([]);
    expect(messagesFor(limit, 1)).toEqual([]);
    expect(messagesFor(limit, 1440)).toEqual([]);
    expect(messagesFor(limit, 1441)).toEqual(['Please enter an integer or positive integer at most 1440']);
    expect(messagesFor(limit, -1)).toHaveLength(1);
    expect(messagesFor(limit, 2.5, 'cn')).toEqual(['请输入不超过1440的整数']);
  });
});
