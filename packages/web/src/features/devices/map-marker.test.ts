import { describe, expect, it } from 'vitest';
import { markerHtml } from './map-marker.ts';

describe('map marker', () => {
  it('shows a hostile device name as text, never as markup', () => {
    const box = document.createElement('div');
    box.innerHTML = markerHtml('<img src=x onerror="window.__xss=1">', true);
    expect(box.querySelector('img')).toBeNull();
    expect(box.textContent).toBe('<img src=x onerror="window.__xss=1">');
  });

  it('shows a cluster count', () => {
    const box = document.createElement('div');
    box.innerHTML = markerHtml(12, false);
    expect(box.textContent).toBe('12');
  });
});
