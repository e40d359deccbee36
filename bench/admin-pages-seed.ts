// What the admin-pages bench serves: a state file of N View Tokens and a session's 1,000 rules (the
// version-1 format every build reads), and a journal filled through HTTP (a journal is never saved).
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import autocannon from 'autocannon';

/** Sessions the seeded tokens are spread over; the bench pages one of them. */
export const SEEDED_SESSIONS = 100;
/** The session whose requests meet its 1,000 rules (none matching), and one without rules. */
export const RULED_SESSION = 'ruled';
const RULES_IN_SESSION = 1_000;

/**
 * Writes a state file with `tokens` live View Tokens (issued in the last hour, spread over
 * SEEDED_SESSIONS sessions) and RULES_IN_SESSION rules in RULED_SESSION that no bench request
 * matches (each on a fileId of its own), streamed so a million tokens never make one string.
 */
export async function writeStateFile(file: string, tokens: number, nowMs: number): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    `{"format":"view-token-mock-state","version":1,"savedAt":"${new Date(nowMs).toISOString()}","clock":{"offsetMs":0,"frozenAtMs":null},"accessTokens":[],"rules":[`,
  );
  for (let i = 1; i <= RULES_IN_SESSION; i += 1) {
    await write(
      `${i > 1 ? ',' : ''}${JSON.stringify({ id: `r${i}`, session: RULED_SESSION, when: { param: 'fileId', equals: String(900_000 + i) }, then: { code: 503 }, remaining: null })}`,
    );
  }
  await write('],"viewTokens":[');
  for (let i = 0; i < tokens; i += 1) {
    const record = {
      token: i.toString(16).padStart(32, '0'),
      objectType: 'file',
      objectId: String(i + 1),
      session: `s${i % SEEDED_SESSIONS}`,
      name: `model-${i + 1}.rvt`,
      extension: 'rvt',
      issuedAtMs: nowMs - 3_600_000 + Math.floor((i / tokens) * 3_600_000),
      lastUsedAtMs: null,
      uses: 0,
    };
    await write(`${i > 0 ? ',' : ''}${JSON.stringify(record)}`);
  }
  await write(']}\n');
  out.end();
  await once(out, 'finish');
}

/**
 * Sends `entries` requests the journal keeps (viewer-data calls with an unknown View Token, and one in
 * 20 a path that matches no route, for the unmatched list), 50 at a time: they change no saved state.
 */
export async function fillJournal(baseUrl: string, entries: number): Promise<void> {
  const requests = [
    ...Array.from({ length: 19 }, () => ({
      method: 'GET' as const,
      path: `/inside/databag?viewToken=${'f'.repeat(32)}`,
    })),
    { method: 'GET' as const, path: '/view/tokens?fileId=1' },
  ];
  await new Promise<void>((resolve, reject) => {
    autocannon({ url: baseUrl, connections: 50, amount: entries, requests }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}
