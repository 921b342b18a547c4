import { describe, expect, it } from 'vitest';
import { escapeHtml, spreadsheetText } from './safe-text.ts';

describe('escapeHtml', () => {
  it('turns markup into text', () => {
    expect(escapeHtml('<img src=x onerror="window.__xss=1">')).toBe(
      '&lt;img src=x onerror=&quot;window.__xss=1&quot;&gt;',
    );
    expect(escapeHtml(`a & b's`)).toBe('a &amp; b&#39;s');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(42)).toBe('42');
  });
});

describe('spreadsheetText', () => {
  it('keeps a value from becoming a formula', () => {
    for (const hostile of ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(spreadsheetText(hostile)).toBe(`'${hostile}`);
    }
  });

  it('leaves ordinary text and negative numbers alone', () => {
    expect(spreadsheetText('Quay router')).toBe('Quay router');
    expect(spreadsheetText('-12.5')).toBe('-12.5');
    expect(spreadsheetText('a=b')).toBe('a=b');
  });
});
