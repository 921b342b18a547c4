/**
 * Data put into markup or files someone else opens. Names come from users and devices (a device may
 * name itself in its hello), so wherever text is built into HTML (map markers, chart tooltips) it is
 * escaped, and wherever it goes into a spreadsheet cell it cannot start a formula.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * A spreadsheet cell's text that no spreadsheet reads as a formula (CSV/formula injection): a value
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, as OWASP advises.
 * A plain negative number such as "-12.5" is left alone: it is a number, not a formula.
 */
export function spreadsheetText(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  if (/^-\d+(\.\d+)?$/.test(value)) return value;
  return `'${value}`;
}
