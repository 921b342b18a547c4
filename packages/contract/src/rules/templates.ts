import { registerRuleMessages } from './messages.ts';
import { requiredText } from './rule.ts';

/** Template and version rules of core §5; the files they carry are checked in files.ts. */
registerRuleMessages({
  templateNameChars: {
    en: 'The template name may contain only letters, digits and underscores',
    cn: '模板名称只能包含字母、数字和下划线',
  },
  templateEmpty: {
    en: 'A template must contain firmware, apps or a configuration',
    cn: '模板须至少包含固件、应用或配置中的一项',
  },
  versionInvalid: {
    en: 'The version must contain digits and a dot, such as 5.3.0',
    cn: '版本号须包含数字和点，如5.3.0',
  },
});

/** The server's 190610 also refuses a name over 50 characters; the form says it first. */
export const TEMPLATE_NAME_MAX = 50;

export function isTemplateName(value: string): boolean {
  return /^[A-Za-z0-9_]+$/.test(value);
}

export const TemplateNameSchema = requiredText()
  .max(TEMPLATE_NAME_MAX)
  .refine(isTemplateName, { error: 'templateNameChars' });

/** What a template installs; any one of them makes it worth applying. */
export interface TemplateContents {
  firmware?: unknown;
  apps?: readonly unknown[];
  configuration?: unknown;
}

export function templateHasContent(template: TemplateContents): boolean {
  const present = (value: unknown) => value !== undefined && value !== null && value !== '';
  return present(template.firmware) || (template.apps?.length ?? 0) > 0 || present(template.configuration);
}

/** Core §5 only asks for digits and a dot, so "V5.3.0" and "5.3.0-rc1" pass as devices report them. */
export function isVersion(value: string): boolean {
  return /\d/.test(value) && value.includes('.');
}

export const VersionSchema = requiredText().refine(isVersion, { error: 'versionInvalid' });
