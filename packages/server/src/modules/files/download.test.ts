import { describe, expect, it } from 'vitest';
import { contentDisposition, requestedRange } from './download.ts';

const ETAG = '"abc"';
const range = (value: string, extra: Record<string, string> = {}) =>
  requestedRange({ range: value, ...extra }, 1000, ETAG);

describe('the byte range a download asks for', () => {
  it('reads closed, open and suffix ranges', () => {
    expect(range('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(range('bytes=900-')).toEqual({ start: 900, end: 999 });
    expect(range('bytes=900-5000')).toEqual({ start: 900, end: 999 });
    expect(range('bytes=-100')).toEqual({ start: 900, end: 999 });
    expect(range('bytes=-5000')).toEqual({ start: 0, end: 999 });
  });

  it('serves the whole file for no, several, foreign or stale ranges', () => {
    expect(requestedRange({}, 1000, ETAG)).toBeNull();
    expect(range('bytes=0-1,5-6')).toBeNull();
    expect(range('items=0-1')).toBeNull();
    expect(range('bytes=50-10')).toBeNull();
    expect(range('bytes=0-9', { 'if-range': '"other"' })).toBeNull();
    expect(range('bytes=0-9', { 'if-range': ETAG })).toEqual({ start: 0, end: 9 });
  });

  it('refuses a range that starts past the end', () => {
    expect(range('bytes=1000-')).toBe('unsatisfiable');
    expect(range('bytes=-0')).toBe('unsatisfiable');
  });
});

describe('Content-Disposition', () => {
  it('keeps the name for every client', () => {
    expect(contentDisposition('固件 "v5".bin')).toBe(
      `attachment; filename="__ _v5_.bin"; filename*=UTF-8''${encodeURIComponent('固件 "v5".bin')}`,
    );
  });
});
