import { describe, expect, it } from 'vitest';
import type { LiveEvent } from './hub.ts';
import {
  createLiveDecoder,
  encodeLiveEvent,
  LIVE_EVENT_MAX_BYTES,
  LiveEventTooLarge,
  NOTIFY_PAYLOAD_LIMIT,
} from './live-wire.ts';

const presence: LiveEvent = {
  name: 'device.presence',
  companyId: 7,
  data: { sn: 'FPWIRE0001', online: true, at: '2026-11-21T16:00:00.000Z' },
};

/** A hello whose model name is `size` characters, half of them three bytes in UTF-8. */
function bigHello(size: number): LiveEvent {
  const model = '路由器R'.repeat(Math.ceil(size / 4)).slice(0, size);
  return {
    name: 'device.hello',
    companyId: 7,
    data: { sn: 'FPWIRE0002', model, series: 'r3000', firmwareVersion: '5.3.0' },
  };
}

describe('live events on the NOTIFY wire', () => {
  it('sends a small event as one payload that another node reads back unchanged', () => {
    const payloads = encodeLiveEvent(presence, 'node-a');
    expect(payloads).toHaveLength(1);
    expect(createLiveDecoder('node-b').accept(payloads[0] as string)).toEqual(presence);
  });

  it('is ignored by the node that sent it', () => {
    const [payload] = encodeLiveEvent(presence, 'node-a');
    expect(createLiveDecoder('node-a').accept(payload as string)).toBeNull();
  });

  it('splits an event over the payload limit into parts that each fit, and rebuilds it in any order', () => {
    const event = bigHello(40_000);
    const payloads = encodeLiveEvent(event, 'node-a');
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT);
    const decoder = createLiveDecoder('node-b');
    const shuffled = [...payloads].reverse();
    const results = shuffled.map((p) => decoder.accept(p));
    expect(results.slice(0, -1)).toEqual(Array(payloads.length - 1).fill(null));
    expect(results.at(-1)).toEqual(event);
    expect(decoder.pending()).toBe(0);
  });

  it('puts an event just under the limit in one payload and one just over it in parts', () => {
    const overhead = Buffer.byteLength(encodeLiveEvent(bigHello(0), 'node-a')[0] as string);
    // ASCII model names, so characters are bytes.
    const ascii = (n: number): LiveEvent => ({
      ...bigHello(0),
      data: { sn: 'FPWIRE0003', model: 'R'.repeat(n), series: 'r3000', firmwareVersion: '5.3.0' },
    });
    const fits = NOTIFY_PAYLOAD_LIMIT - overhead - 1;
    expect(encodeLiveEvent(ascii(fits), 'node-a')).toHaveLength(1);
    expect(encodeLiveEvent(ascii(fits + 1), 'node-a').length).toBeGreaterThan(1);
  });

  it('refuses an event over the size cap instead of flooding the channel', () => {
    expect(() => encodeLiveEvent(bigHello(LIVE_EVENT_MAX_BYTES), 'node-a')).toThrow(LiveEventTooLarge);
  });

  it('forgets the parts of an event that never completes', () => {
    let now = 0;
    const decoder = createLiveDecoder('node-b', () => now);
    const payloads = encodeLiveEvent(bigHello(20_000), 'node-a');
    decoder.accept(payloads[0] as string);
    expect(decoder.pending()).toBe(1);
    now = 60_000;
    decoder.accept(encodeLiveEvent(bigHello(20_000), 'node-c')[0] as string);
    expect(decoder.pending()).toBe(1);
  });

  it('drops payloads that are not live events', () => {
    const decoder = createLiveDecoder('node-b');
    expect(decoder.accept('not json')).toBeNull();
    expect(decoder.accept(JSON.stringify({ n: 'node-a', e: { name: 'x' } }))).toBeNull();
    expect(decoder.accept(JSON.stringify({ n: 'node-a', m: 'id', i: 3, of: 2, d: '' }))).toBeNull();
  });
});
