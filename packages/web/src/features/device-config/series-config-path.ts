import { CONFIG_MENU_SERIES, SERIES, type SeriesId } from '@fleetport/contract';

/** The series of a device as the list reports it (`r3000`, or its display name `R3000`). */
export function seriesOf(reported: string): SeriesId | null {
  const wanted = reported.trim().toLowerCase();
  return SERIES.find((s) => s.id === wanted || s.name.toLowerCase() === wanted)?.id ?? null;
}

/** Where a router's configuration has a page of its own (core §2: one route per series with a menu). */
export function seriesConfigPath(series: string, sn: string): string | null {
  const id = seriesOf(series);
  return id && (CONFIG_MENU_SERIES as readonly string[]).includes(id)
    ? `/robustlink/${id}/${encodeURIComponent(sn)}`
    : null;
}
