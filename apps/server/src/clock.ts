/** Time comes from here so tests can move it (cooldowns, expiries). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move forward. */
export class ManualClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The system clock shifted by an offset an operator can move forward (`CLOCK_CONTROL=on`, never in
 * production): the browser tests wait out a 24 h cooldown or a payment expiry without waiting.
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
}
