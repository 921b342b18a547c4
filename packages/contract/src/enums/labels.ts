import type { Localized } from '../i18n.ts';

/** A label in both languages for every member of an enumeration; the Record type makes it exhaustive. */
export type Labels<T extends string | number> = Readonly<Record<T, Localized>>;

/** The label of a member, or the raw value when a server sends one the console does not know yet. */
export function labelOf<T extends string | number>(labels: Labels<T>, value: T | string | number): Localized {
  const known = (labels as Record<string | number, Localized | undefined>)[value];
  return known ?? { en: String(value), cn: String(value) };
}
