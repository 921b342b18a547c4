/**
 * A LIKE/ILIKE pattern matching `text` anywhere: `%`, `_` and `\` a user typed are literal
 * characters, not wildcards (PostgreSQL's default escape character is the backslash).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
