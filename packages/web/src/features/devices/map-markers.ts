/**
 * The location map's markers, built as DOM elements whose text is set with `textContent`: a device
 * name such as `<img src=x onerror=alert(1)>` stays text. Nothing here builds HTML from strings.
 */

export const MARKER_COLORS = { online: '#52c41a', offline: '#8c8c8c' } as const;
/** From this zoom on, single devices show their name beside the dot; below it, on hover. */
export const LABEL_ZOOM = 14;

/** Diameter in px of a cluster of `count` devices: grows with the count's order of magnitude. */
export function clusterSize(count: number): number {
  return Math.round(26 + 10 * Math.log10(Math.max(1, count)));
}

/** The ring's colours: the online share green, the rest grey. */
export function clusterBackground(count: number, online: number): string {
  const share = count === 0 ? 0 : Math.round((online / count) * 100);
  return `conic-gradient(${MARKER_COLORS.online} 0 ${share}%, ${MARKER_COLORS.offline} ${share}% 100%)`;
}

/** A round marker for several devices: its size tells the count, its ring the online share. */
export function clusterElement(count: number, online: number, title: string): HTMLElement {
  const size = clusterSize(count);
  const ring = document.createElement('div');
  ring.title = title;
  ring.dataset.testid = 'map-cluster';
  ring.dataset.count = String(count);
  ring.dataset.online = String(online);
  Object.assign(ring.style, {
    width: `${size}px`,
    height: `${size}px`,
    borderRadius: '50%',
    background: clusterBackground(count, online),
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxShadow: '0 1px 4px rgba(0,0,0,0.35)',
  });
  const inner = document.createElement('div');
  Object.assign(inner.style, {
    width: `${size - 8}px`,
    height: `${size - 8}px`,
    borderRadius: '50%',
    background: '#fff',
    color: '#262626',
    fontWeight: '600',
    fontSize: '12px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  });
  inner.textContent = String(count);
  ring.append(inner);
  return ring;
}

/** A dot for one device, green online and grey offline. */
export function deviceElement(online: boolean, sn: string): HTMLElement {
  const dot = document.createElement('div');
  dot.dataset.testid = 'map-device';
  dot.dataset.sn = sn;
  dot.dataset.online = String(online);
  Object.assign(dot.style, {
    width: '14px',
    height: '14px',
    borderRadius: '50%',
    border: '2px solid #fff',
    background: online ? MARKER_COLORS.online : MARKER_COLORS.offline,
    boxShadow: '0 1px 3px rgba(0,0,0,0.4)',
  });
  return dot;
}

/** A device's label (its name, or SN when unnamed), as text. */
export function labelElement(text: string): HTMLElement {
  const label = document.createElement('span');
  label.dataset.testid = 'map-label';
  label.textContent = text;
  return label;
}
