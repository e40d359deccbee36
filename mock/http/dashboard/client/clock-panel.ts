import { admin } from './admin-api';
import { announce, byId, formatTime } from './dom';
import type { MockNow } from './mock-now';
import { selectedSession, sessionQuery } from './session';
import type { ClockState } from './wire';

/**
 * The clock of the selected session (the deployment's when every session shows): its now, frozen or
 * running, and the buttons that move that session's clock only.
 */
export function createClockPanel(now: MockNow, refresh: () => void) {
  let frozen = false;
  const freezeButton = byId<HTMLButtonElement>('clock-freeze');

  async function change(method: string, path: string, body: unknown, done: string): Promise<void> {
    const clock = await admin<ClockState>(method, `${path}${sessionQuery('?')}`, body);
    render(clock);
    const whose = clock.session ? `The clock of session "${clock.session}"` : "The mock's clock";
    announce(`${done} ${whose} now reads ${formatTime(clock.now)} UTC.`);
    refresh();
  }

  const advance = (by: string) => change('POST', '/clock/advance', { by }, `Advanced the clock by ${by}.`);
  byId('clock-advance-1h').addEventListener('click', () => void advance('1h'));
  byId('clock-advance-12h').addEventListener('click', () => void advance('12h'));
  byId('clock-advance-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const by = byId<HTMLInputElement>('clock-advance-by').value.trim();
    if (by) void advance(by);
  });
  byId('clock-set-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const value = byId<HTMLInputElement>('clock-set-to').value;
    if (!value) return;
    // datetime-local has no zone: the page shows and takes UTC throughout.
    void change('PUT', '/clock', { now: new Date(`${value}Z`).toISOString() }, 'Set the clock.');
  });
  freezeButton.addEventListener(
    'click',
    () => void change('PUT', '/clock', { frozen: !frozen }, frozen ? 'The clock runs again.' : 'Froze the clock.'),
  );
  byId('clock-reset').addEventListener(
    'click',
    () =>
      void change(
        'POST',
        '/clock/reset',
        undefined,
        selectedSession() ? "The session follows the deployment's clock again." : 'Back to real time.',
      ),
  );

  function render(clock: ClockState): void {
    // A reading of another session than the one now selected (the filter changed meanwhile) waits for the next poll.
    if (clock.session !== selectedSession()) return;
    now.update(clock);
    byId('clock-session').textContent =
      clock.session === ''
        ? "the deployment's clock (every session without a clock of its own)"
        : `session "${clock.session}": ${clock.ownClock ? 'its own clock' : "follows the deployment's clock"}`;
    byId('clock-reset').textContent = clock.session === '' ? 'Back to real time' : "Back to the deployment's clock";
    frozen = clock.frozen;
    const mode = byId('clock-mode');
    mode.textContent = clock.frozen ? 'frozen' : 'running';
    mode.className = `badge ${clock.frozen ? 'warn' : 'good'}`;
    freezeButton.textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
    const hours = clock.offsetMs / 3_600_000;
    byId('clock-offset').textContent =
      clock.offsetMs === 0
        ? 'real time'
        : `${hours > 0 ? '+' : ''}${String(Number(hours.toFixed(2)))} h from real time`;
    tick();
  }

  function tick(): void {
    byId('clock-now').textContent = `${formatTime(new Date(now.ms).toISOString())} UTC`;
  }

  return { render, tick };
}
