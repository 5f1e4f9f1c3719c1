/**
 * The one source of "now" for billing: subscription periods, renewals and their retries, and the
 * job queue that runs them. Production reads the system clock; development and tests use a clock
 * that can be moved forward, so a year of renewals runs in seconds.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type AdjustableClock = Clock & {
  /** Moves the clock forward (it keeps ticking from there). */
  advance(ms: number): void;
  /** Moves the clock to a point in time, never backwards. */
  moveTo(time: Date): void;
  /** How far ahead of the system clock it runs, in milliseconds (0 until it is moved). */
  aheadMs(): number;
};

export function adjustableClock(): AdjustableClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    advance(ms) {
      if (ms < 0) throw new RangeError("The clock only moves forward.");
      offsetMs += ms;
    },
    moveTo(time) {
      const ms = time.getTime() - now().getTime();
      if (ms > 0) offsetMs += ms;
    },
    aheadMs: () => offsetMs,
  };
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return "advance" in clock && typeof clock.advance === "function";
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** How far the clock runs ahead of the system clock, in milliseconds (0 for the system clock). */
export function aheadMs(clock: Clock): number {
  return isAdjustable(clock) ? clock.aheadMs() : 0;
}

/** Whole days the clock runs ahead of the system clock: what the dashboard tells in test mode. */
export function daysAhead(clock: Clock): number {
  return Math.floor(aheadMs(clock) / DAY_MS);
}
