import type { Map as LeafletMap } from 'leaflet';
import { i18n } from '../i18n/index.ts';

/**
 * Leaflet writes its zoom buttons' titles and its attribution link in English ("Zoom in", "A
 * JavaScript library for interactive maps"); this puts them in the console's language. Call it once
 * the map is made (in the language of that moment).
 */
export function localizeMapControls(map: LeafletMap): void {
  const t = i18n.t;
  const label = (selector: string, text: string) => {
    const button = map.zoomControl?.getContainer()?.querySelector(selector);
    button?.setAttribute('title', text);
    button?.setAttribute('aria-label', text);
  };
  label('.leaflet-control-zoom-in', t('widgets:map.zoomIn'));
  label('.leaflet-control-zoom-out', t('widgets:map.zoomOut'));
  map.attributionControl?.setPrefix(
    `<a href="https://leafletjs.com" title="${t('widgets:map.library')}" target="_blank" rel="noreferrer">Leaflet</a>`,
  );
}
