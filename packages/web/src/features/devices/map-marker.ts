import { escapeHtml } from '@fleetport/contract';

/**
 * The HTML of a map marker: a device's name (or SN) or a cluster's count on a green (some online) or
 * grey badge. Leaflet puts it into the page as markup, and a device name is anyone's text (a device
 * can even name itself in its hello), so it is escaped here.
 */
export function markerHtml(label: string | number, online: boolean): string {
  const colour = online ? '#52c41a' : '#8c8c8c';
  return `<div style="background:${colour};color:#fff;border-radius:14px;padding:2px 8px;font-weight:600;white-space:nowrap">${escapeHtml(label)}</div>`;
}
