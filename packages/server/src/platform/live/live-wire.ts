import { randomUUID } from 'node:crypto';
import type { LiveEvent } from './hub.ts';

/**
 * How a live event travels between server nodes as PostgreSQL NOTIFY payloads (docs/deployment.md,
 * "Live events between nodes"). Every payload names the node that sent it, so a node drops its own.
 *
 * Size rule: PostgreSQL refuses a payload of 8000 bytes or more. An event whose JSON fits in
 * `NOTIFY_PAYLOAD_LIMIT` goes whole (`{n, e}`); a larger one is split into parts (`{n, m, i, of, d}`,
 * `d` a base64 slice of the UTF-8 JSON, so no escaping can push a part over the limit) that the
 * receiver puts back together. Parts rather than a reference row: no table to write, clean or
 * migrate, and the parts of one event are sent in one transaction, so they arrive together or not at all.
 */
export const LIVE_CHANNEL = 'fleetport_live';
/** Bytes per payload, a margin under PostgreSQL's 8000. */
export const NOTIFY_PAYLOAD_LIMIT = 7900;
/** Raw bytes per part: base64 grows them by 4/3 (6400 -> 8536 would not fit; 5600 -> 7468 does). */
const PART_BYTES = 5600;
/** A live event is a notice, not a document: anything bigger is a bug and is refused. */
export const LIVE_EVENT_MAX_BYTES = 1024 * 1024;
/** Parts of an event that never completed are forgotten after this long. */
const PARTS_TTL_MS = 30_000;

interface WholeWire {
  n: string;
  e: LiveEvent;
}
interface PartWire {
  n: string;
  m: string;
  i: number;
  of: number;
  d: string;
}

export class LiveEventTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(`live event of ${bytes} bytes exceeds ${LIVE_EVENT_MAX_BYTES}`);
  }
}

/** The NOTIFY payloads that carry `event` from `nodeId`, each under `NOTIFY_PAYLOAD_LIMIT` bytes. */
export function encodeLiveEvent(
  event: LiveEvent,
  nodeId: string,
  newId: () => string = randomUUID,
): string[] {
  const whole = JSON.stringify({ n: nodeId, e: event } satisfies WholeWire);
  if (Buffer.byteLength(whole) < NOTIFY_PAYLOAD_LIMIT) return [whole];
  const bytes = Buffer.from(JSON.stringify(event));
  if (bytes.length > LIVE_EVENT_MAX_BYTES) throw new LiveEventTooLarge(bytes.length);
  const id = newId();
  const of = Math.ceil(bytes.length / PART_BYTES);
  const parts: string[] = [];
  for (let i = 0; i < of; i++) {
    const d = bytes.subarray(i * PART_BYTES, (i + 1) * PART_BYTES).toString('base64');
    parts.push(JSON.stringify({ n: nodeId, m: id, i, of, d } satisfies PartWire));
  }
  return parts;
}

export interface LiveDecoder {
  /** The event a payload completes, or null (own node, a part still waiting, or not ours). */
  accept(payload: string): LiveEvent | null;
  /** Events still waiting for parts, for tests and logs. */
  pending(): number;
}

export function createLiveDecoder(nodeId: string, now: () => number = Date.now): LiveDecoder {
  const partial = new Map<string, { parts: (string | undefined)[]; got: number; since: number }>();
  function forgetStale() {
    for (const [key, entry] of partial) if (now() - entry.since > PARTS_TTL_MS) partial.delete(key);
  }
  return {
    accept(payload) {
      let wire: Partial<WholeWire & PartWire>;
      try {
        wire = JSON.parse(payload) as Partial<WholeWire & PartWire>;
      } catch {
        return null;
      }
      if (typeof wire?.n !== 'string' || wire.n === nodeId) return null;
      if (wire.e) return isLiveEvent(wire.e) ? wire.e : null;
      const { m, i, of, d } = wire;
      if (typeof m !== 'string' || typeof d !== 'string' || !Number.isInteger(i) || !Number.isInteger(of)) {
        return null;
      }
      const index = i as number;
      const count = of as number;
      if (index < 0 || index >= count || count * PART_BYTES > LIVE_EVENT_MAX_BYTES + PART_BYTES) return null;
      forgetStale();
      const key = `${wire.n}/${m}`;
      const entry = partial.get(key) ?? { parts: new Array<string | undefined>(count), got: 0, since: now() };
      partial.set(key, entry);
      if (entry.parts[index] === undefined) {
        entry.parts[index] = d;
        entry.got++;
      }
      if (entry.got < count) return null;
      partial.delete(key);
      try {
        const json = Buffer.concat(entry.parts.map((p) => Buffer.from(p ?? '', 'base64'))).toString('utf8');
        const event = JSON.parse(json) as unknown;
        return isLiveEvent(event) ? event : null;
      } catch {
        return null;
      }
    },
    pending: () => partial.size,
  };
}

function isLiveEvent(value: unknown): value is LiveEvent {
  const v = value as Partial<LiveEvent> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    typeof v.companyId === 'number' &&
    typeof v.data === 'object' &&
    v.data !== null
  );
}
