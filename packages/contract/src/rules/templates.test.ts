import { describe, expect, it } from 'vitest';
import { ruleText } from './rule.ts';
import {
  isTemplateName,
  isVersion,
  TemplateNameSchema,
  templateHasContent,
  VersionSchema,
} from './templates.ts';
import { messagesFor } from './test-helpers.ts';

describe('template name', () => {
  it('letters, digits and underscore, at most 50', () => {
    expect(isTemplateName('Depot_7')).toBe(true);
    expect(isTemplateName('Depot-7')).toBe(false);
    expect(isTemplateName('仓库')).toBe(false);
    expect(messagesFor(TemplateNameSchema, 'a'.repeat(50))).toEqual([]);
    expect(messagesFor(TemplateNameSchema, 'a'.repeat(51))).toEqual(['Max. 50 characters']);
    expect(messagesFor(TemplateNameSchema, 'a b')).toEqual([
      'The template name may contain only letters, digits and underscores',
    ]);
    expect(messagesFor(TemplateNameSchema, 'a b', 'cn')).toEqual(['模板名称只能包含字母、数字和下划线']);
    expect(messagesFor(TemplateNameSchema, '', 'en', 'name')).toEqual(['name is required field']);
  });
});

describe('template contents', () => {
  it('needs firmware, apps or a configuration', () => {
    expect(templateHasContent({ firmware: 'fw-1' })).toBe(true);
    expect(templateHasContent({ apps: ['app-1'] })).toBe(true);
    expect(templateHasContent({ configuration: 'cfg.xml' })).toBe(true);
    expect(templateHasContent({ apps: [], firmware: null, configuration: '' })).toBe(false);
    expect(templateHasContent({})).toBe(false);
    expect(ruleText('templateEmpty', 'en')).toBe('A template must contain firmware, apps or a configuration');
  });
});

describe('version', () => {
  it('contains digits and a dot', () => {
    for (const ok of ['5.3.0', 'V2.1', '5.3.0-rc1', '1.']) expect(isVersion(ok)).toBe(true);
    for (const bad of ['530', 'v.x', 'latest', '']) expect(isVersion(bad)).toBe(false);
    expect(messagesFor(VersionSchema, '530', 'cn')).toEqual(['版本号须包含数字和点，如5.3.0']);
  });
});
