/** Time as the services see it; tests inject a clock to move past expiries without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | number = Date.now()) {
    this.#ms = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  set(at: Date | number): void {
    this.#ms = typeof at === 'number' ? at : at.getTime();
  }
}

/**
 * The system clock moved forward by an offset: what the server runs on under AUTOMATED_TEST_MODE, so a
 * browser journey can let a month pass (`testMode.advanceClock`) while time still flows between steps.
 * It only ever moves forward, as wall time does: nothing keyed by time sees it run backwards.
 */
export class OffsetClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    if (ms > 0) this.#offsetMs += ms;
  }
}
