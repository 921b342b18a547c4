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
