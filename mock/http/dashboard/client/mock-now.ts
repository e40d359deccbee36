import type { ClockState } from './wire';

/** The mock's "now" between polls: the last reading, moved on by real time unless the clock is frozen. */
export class MockNow {
  private readingMs = Date.now();
  private takenAt = performance.now();
  private frozen = false;

  update(clock: ClockState): void {
    this.readingMs = Date.parse(clock.now);
    this.takenAt = performance.now();
    this.frozen = clock.frozen;
  }

  get ms(): number {
    return this.frozen ? this.readingMs : this.readingMs + (performance.now() - this.takenAt);
  }
}
