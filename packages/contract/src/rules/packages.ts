import { z } from 'zod';
import { registerRuleMessages } from './messages.ts';
import { requiredText } from './rule.ts';
import { VersionSchema } from './templates.ts';

/** Names and versions of the app centre's firmware and apps (core §5 "Templates, firmware and apps"). */
registerRuleMessages({
  packageNameChars: {
    en: 'Only letters, digits, dots, dashes and underscores',
    cn: '只能包含字母、数字、点、短横线和下划线',
  },
});

/** Package names as devices report them in their app lists (`fp-modbus-bridge`, `com.acme.sensor`). */
export const PACKAGE_NAME_MAX = 64;
export const PackageNameSchema = requiredText()
  .max(PACKAGE_NAME_MAX)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'packageNameChars' });

export const PACKAGE_DISPLAY_NAME_MAX = 50;
export const RELEASE_NOTES_MAX = 2000;
export const PACKAGE_VERSION_MAX = 30;

/**
 * A package's version: digits and a dot (core §5), starting with a digit, as the package's own
 * version string (`5.3.0`, `1.2.0-rc1`); devices' reported versions may carry a prefix, uploads not.
 */
export const PackageVersionTextSchema = VersionSchema.pipe(
  z
    .string()
    .max(PACKAGE_VERSION_MAX)
    .regex(/^[0-9][0-9A-Za-z.-]*$/, { error: 'versionInvalid' }),
);
