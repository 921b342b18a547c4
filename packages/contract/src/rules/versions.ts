import { findSeries, type OsLine } from '../device/series.ts';
import { CROSS_VERSION_FIRMWARE, REMOTE_ACCESS_MIN_APP_VERSION, ZERO_TOUCH_MIN_VERSION } from '../limits.ts';

/**
 * Version rules of core §9: remote access needs app 5.1.0 (standard OS line) or 2.1.0 (Pro line),
 * zero touch 5.3.0 / 2.3.0, and a cross-version upgrade goes via firmware 5.2.2 (code 120100).
 */

/** Numeric parts of a version as devices report it ("V5.3.0", "5.3.0-rc1" compare as 5.3.0 and 5.3.0.1). */
function parts(version: string): number[] {
  return version
    .replace(/^[^\d]+/, '')
    .split(/[.-]/)
    .map((x) => Number.parseInt(x, 10) || 0);
}

/** Negative when a is older than b, zero when equal, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export function versionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}

/**
 * The OS line of a device: from its series when known (series ids are lower-case; lists may show
 * them upper-case), otherwise from the version's major number (2.x is the Pro line, 5.x standard).
 */
export function osLineOf(series: string | null | undefined, version?: string | null): OsLine | null {
  const known = series ? findSeries(series.toLowerCase()) : undefined;
  if (known) return known.osLine;
  const major = version ? parts(version)[0] : undefined;
  if (major === 2) return 'pro';
  if (major === 5) return 'standard';
  return null;
}

/** Whether a device of this OS line and app version can use remote access. */
export function supportsRemoteAccess(line: OsLine, appVersion: string): boolean {
  return versionAtLeast(appVersion, REMOTE_ACCESS_MIN_APP_VERSION[line]);
}

/** Whether zero-touch templates can be applied to a device of this OS line and version. */
export function supportsZeroTouch(line: OsLine, version: string): boolean {
  return versionAtLeast(version, ZERO_TOUCH_MIN_VERSION[line]);
}

/**
 * A standard-line device below 5.2.2 must pass through 5.2.2 before a newer firmware (120100);
 * the Pro line has no such step.
 */
export function needsCrossVersionStep(line: OsLine, firmwareVersion: string): boolean {
  return line === 'standard' && compareVersions(firmwareVersion, CROSS_VERSION_FIRMWARE) < 0;
}
