import type { SimulatedDevice } from './device.ts';
import { Random } from './random.ts';

/**
 * Phones on a portal router's WiFi (`--portal-clients N`; issue 21): each arrives at an hour of the
 * simulated day (more by day than by night), goes through the same HTTP flow a browser does with
 * fetch (the router redirects it to the platform's splash, it accepts, the router signs it in over
 * RADIUS), then browses: most a few MB and leave (logout or idle), some until the template's limit
 * cuts them, and some come back the next day. Half use randomized (locally administered) MACs, as
 * phones do per network.
 */

const HOUR_MS = 3_600_000;
/** Arrivals by hour of day (relative weights), a venue's day: quiet at night, busy at noon and evening. */
const ARRIVALS = [1, 1, 1, 1, 1, 2, 4, 8, 10, 9, 8, 9, 12, 11, 9, 8, 9, 11, 12, 10, 7, 5, 3, 2];

export interface PhoneStats {
  signedIn: number;
  refused: number;
  cut: number;
}

function macOf(rng: Random, randomized: boolean): string {
  const octets = Array.from({ length: 6 }, () => Math.floor(rng.between(0, 256)));
  // Randomized: locally administered (bit 1) and unicast; else a vendor's (universally administered) OUI.
  octets[0] = randomized ? (octets[0]! | 0b10) & 0xfe : 0xf0;
  return octets.map((o) => o.toString(16).padStart(2, '0').toUpperCase()).join(':');
}

/** One visit: the splash, accept, the router's login; true when the router let it in. */
export async function visit(portalUrl: string, mac: string): Promise<boolean> {
  const headers = { 'x-client-mac': mac };
  const first = await fetch(`${portalUrl}/?host=connectivitycheck.example`, { headers, redirect: 'manual' });
  const splash = first.headers.get('location');
  if (first.status !== 302 || !splash) return first.status === 200;
  const page = await fetch(splash, { headers: { 'accept-language': 'en' } });
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      name!,
      value!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'"),
    );
  if (!form.has('sn')) return false;
  const accept = await fetch(new URL('splash/accept', splash), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const login = accept.headers.get('location');
  if (accept.status !== 302 || !login) return false;
  const landed = await fetch(login, { headers, redirect: 'manual' });
  return landed.status === 302;
}

/** Starts `perRouter` phones on each router that runs a portal; returns a stop function and counts. */
export function startPhones(
  routers: readonly SimulatedDevice[],
  perRouter: number,
  timeScale = 1,
): { stats: PhoneStats; stop(): void } {
  const stats: PhoneStats = { signedIn: 0, refused: 0, cut: 0 };
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (simulatedMs: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) run().catch(() => undefined);
    }, simulatedMs * timeScale);
    timer.unref();
    timers.add(timer);
  };
  const total = ARRIVALS.reduce((a, b) => a + b, 0);
  for (const router of routers) {
    const rng = new Random(`phones:${router.sn}`);
    for (let i = 0; i < perRouter; i++) {
      const mac = macOf(rng, i % 2 === 0);
      // An hour of the day by the arrival weights, a minute within it.
      let pick = rng.between(0, total);
      let hour = 0;
      while (pick > ARRIVALS[hour]!) pick -= ARRIVALS[hour++]!;
      const kind = rng.between(0, 1);
      const arrive = async (): Promise<void> => {
        const portal = router.state.portal;
        if (!portal) return later(HOUR_MS, arrive);
        if (!(await visit(portal.url, mac))) {
          stats.refused++;
          return;
        }
        stats.signedIn++;
        // Heavy users browse until the limit cuts them; light ones browse a little and leave.
        const heavy = kind < 0.2;
        const steps = heavy ? 1000 : Math.ceil(rng.between(2, 10));
        const browse = async (left: number): Promise<void> => {
          const current = router.state.portal;
          if (!current) return;
          const down = Math.floor(rng.between(0.5, heavy ? 20 : 3) * 1024 * 1024);
          const res = await fetch(`${current.url}/?down=${down}&up=${Math.floor(down / 10)}`, {
            headers: { 'x-client-mac': mac },
          });
          if (res.status === 403) {
            stats.cut++;
            return;
          }
          if (left > 0) return later(60_000, () => browse(left - 1));
          // Done: a third log out, the rest just walk away and idle out; some come back tomorrow.
          if (kind > 0.66) await fetch(`${current.url}/logout`, { headers: { 'x-client-mac': mac } });
          if (kind > 0.5) later(24 * HOUR_MS, arrive);
        };
        await browse(steps);
      };
      later(hour * HOUR_MS + rng.between(0, HOUR_MS), arrive);
    }
  }
  return {
    stats,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
