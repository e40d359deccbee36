import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/config-error';
import type { AccessTokenRecord } from '../core/access-token-store';
import type { ClockState } from '../core/clock';
import type { Rule } from '../core/scenarios/rule';
import { MAX_RULES_PER_SESSION, MAX_RULE_SESSIONS } from '../core/scenarios/rules';
import { DEPLOYMENT, MAX_SESSION_CLOCKS } from '../core/session-clocks';
import type { MemoryTokenStore } from './memory-token-store';
import type { FileLine } from './state-lines';
import { readLines } from './state-lines';
import type { ReplayTarget } from './state-records';
import { applyRecord, describeRecord, toStateRecord } from './state-records';
import { FIRST_GENERATION, checkLogHeader, fromVersion1, toStateKind } from './state-snapshot';

/** What `--state-file` held, now in the store, and what its files are. */
export interface LoadedState {
  /** 1: the one-document format of 0.2.0 (rewritten as 2 at the first compaction); undefined: no file yet. */
  version: 1 | 2 | undefined;
  /** The snapshot's generation: its logs are this one's and the following ones. */
  generation: number;
  /** The change logs replayed, in order, with their sizes. */
  logs: { generation: number; file: string; bytes: number }[];
  snapshotBytes: number;
  /** Each session's own clock ('' the deployment's). */
  clocks: Map<string, ClockState>;
  rules: Rule[];
  accessTokens: AccessTokenRecord[];
  /** Worth a log line: torn last lines ignored. */
  notices: string[];
  /** To remove once the mock has started on what was loaded: temp files of killed writes, logs the snapshot replaces. */
  leftovers: string[];
}

/** The change log of a generation: `<file>.<generation>.log`, beside the file. */
export const logFileOf = (file: string, generation: number): string => `${file}.${generation}.log`;

/** The state file's own files in its directory: its change logs by generation, and temp files of writes. */
function listStateFiles(file: string): { logs: { generation: number; file: string }[]; temps: string[] } {
  const directory = path.dirname(path.resolve(file));
  const base = path.basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const log = new RegExp(`^${base}\\.(\\d{1,15})\\.log$`);
  const temp = new RegExp(`^${base}\\.[0-9a-f]{16}\\.tmp$`);
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return { logs: [], temps: [] };
  }
  const logs = names
    .flatMap((name) => {
      const generation = log.exec(name)?.[1];
      return generation === undefined
        ? []
        : [{ generation: Number(generation), file: path.join(path.dirname(file), name) }];
    })
    .sort((a, b) => a.generation - b.generation);
  return { logs, temps: names.filter((name) => temp.test(name)).map((name) => path.join(path.dirname(file), name)) };
}

/**
 * Loads `--state-file` into the (empty) store: the snapshot, then each change log in order. A log's
 * torn last line (a write cut short by a kill or crash) is left out with a notice; anything else
 * wrong (not JSON, a record the admin API or config would refuse, more than a cap allows) is a
 * ConfigError naming the file, line and record, and no file is touched.
 * @example const loaded = await loadState('mock-state.json', createMemoryTokenStore());
 */
export async function loadState(file: string, store: MemoryTokenStore): Promise<LoadedState> {
  const listed = listStateFiles(file);
  const target: ReplayTarget = { tokens: store, clocks: new Map(), rules: new Map(), accessTokens: new Map() };
  const loaded: LoadedState = {
    version: undefined,
    generation: FIRST_GENERATION,
    logs: [],
    snapshotBytes: 0,
    clocks: new Map(),
    rules: [],
    accessTokens: [],
    notices: [],
    leftovers: [...listed.temps],
  };
  const refuse = (where: string, problem: string): ConfigError =>
    new ConfigError(`--state-file ${file}: ${where}${problem}; the file was left as it is: fix or move it`);
  if (!existsSync(file)) {
    const [first] = listed.logs;
    if (first !== undefined)
      throw refuse(
        '',
        `missing, but its change log ${first.file} is there (a snapshot was moved or deleted?); put the file back, or move the logs away to start empty`,
      );
    return loaded;
  }
  loaded.snapshotBytes = await loadSnapshot(file, target, loaded, refuse);
  const logs = listed.logs.filter((log) => log.generation >= loaded.generation);
  loaded.leftovers.push(...listed.logs.filter((log) => log.generation < loaded.generation).map((log) => log.file));
  for (const [index, log] of logs.entries()) {
    const expected = loaded.generation + index;
    if (log.generation !== expected)
      throw refuse(
        '',
        `its change log ${logFileOf(file, expected)} is missing before ${log.file}; the changes it held are lost: move the later logs away to start from the snapshot`,
      );
    loaded.logs.push({ ...log, bytes: await replayLog(log.file, log.generation, target, loaded.notices, refuse) });
  }
  await checkCaps(target, store, (problem) => refuse('', problem));
  return {
    ...loaded,
    clocks: target.clocks,
    rules: [...target.rules.values()],
    accessTokens: [...target.accessTokens.values()],
  };
}

type Refuse = (where: string, problem: string) => ConfigError;

/** Reads the snapshot (version 1 or 2) into the target; returns its size in bytes. */
async function loadSnapshot(file: string, target: ReplayTarget, loaded: LoadedState, refuse: Refuse): Promise<number> {
  const lines = readLines(file);
  try {
    return await readSnapshot(file, lines, target, loaded, refuse);
  } finally {
    // Closes the file when the reading stopped early (a refusal, version 1).
    lines.return(undefined);
  }
}

async function readSnapshot(
  file: string,
  lines: Generator<FileLine>,
  target: ReplayTarget,
  loaded: LoadedState,
  refuse: Refuse,
): Promise<number> {
  const first = lines.next();
  let firstValue: unknown;
  try {
    firstValue = first.done ? undefined : JSON.parse(first.value.text);
  } catch {
    // A version-1 file written by hand over several lines: one JSON document.
    firstValue = parseWhole(file, refuse);
  }
  const kind = toStateKind(firstValue);
  if (typeof kind === 'string') throw refuse('', kind);
  if (kind.version === 1) {
    loaded.version = 1;
    const items = fromVersion1(firstValue as Record<string, unknown>);
    if (typeof items === 'string') throw refuse('', items);
    for (const { record, where } of items) await replay(record, target, () => `${where}: `, refuse);
    return statSync(file).size;
  }
  loaded.version = 2;
  loaded.generation = kind.header.generation;
  let records = 0;
  let bytes = Buffer.byteLength((first.value as FileLine).text) + 1;
  for (const line of lines) {
    bytes += Buffer.byteLength(line.text) + 1;
    const where = (value: unknown): string => `line ${line.number} (${describeRecord(value)}): `;
    if (!line.terminated)
      throw refuse(where(undefined), 'cut short (no end of line): not a snapshot this mock wrote whole');
    const value = parseLine(line.text, () => refuse(`line ${line.number}: `, 'not valid JSON'));
    if ((value as { k?: unknown }).k === 'end') {
      if ((value as { records?: unknown }).records !== records)
        throw refuse(
          where(value),
          `says ${String((value as { records?: unknown }).records)} records, but ${records} came before it`,
        );
      if (!lines.next().done) throw refuse(`line ${line.number + 1}: `, 'more lines after the end record');
      return bytes;
    }
    await replay(value, target, where, refuse);
    records += 1;
  }
  throw refuse('', 'ends without its end record: a snapshot cut short, not one this mock wrote whole');
}

function parseWhole(file: string, refuse: Refuse): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw refuse('', `not valid JSON (${(error as Error).message})`);
  }
}

function parseLine(text: string, refuse: () => ConfigError): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse();
  }
}

async function replay(
  value: unknown,
  target: ReplayTarget,
  where: (value: unknown) => string,
  refuse: Refuse,
): Promise<void> {
  const record = toStateRecord(value);
  if (typeof record === 'string') throw refuse(where(value), record);
  await applyRecord(target, record);
}

/** Replays one change log; returns its size in bytes. A torn last line is left out with a notice. */
async function replayLog(
  file: string,
  generation: number,
  target: ReplayTarget,
  notices: string[],
  refuse: Refuse,
): Promise<number> {
  let bytes = 0;
  for (const line of readLines(file)) {
    bytes += Buffer.byteLength(line.text) + (line.terminated ? 1 : 0);
    if (!line.terminated) {
      notices.push(
        `${file}: left out its torn last line (${Buffer.byteLength(line.text)} bytes, line ${line.number}): a write cut short by a kill or crash`,
      );
      break;
    }
    const where = (value: unknown): string => `${file} line ${line.number} (${describeRecord(value)}): `;
    const value = parseLine(line.text, () => refuse(`${file} line ${line.number}: `, 'not valid JSON'));
    if (line.number === 1) {
      const problem = checkLogHeader(value, generation);
      if (problem !== undefined) throw refuse(`${file}: `, problem);
      continue;
    }
    await replay(value, target, where, refuse);
  }
  return bytes;
}

/** The caps the admin API holds to: rules per session, sessions holding rules, sessions with clocks, View Tokens held. */
async function checkCaps(
  target: ReplayTarget,
  store: MemoryTokenStore,
  refuse: (problem: string) => ConfigError,
): Promise<void> {
  const perSession = new Map<string, number>();
  for (const rule of target.rules.values()) perSession.set(rule.session, (perSession.get(rule.session) ?? 0) + 1);
  for (const [session, count] of perSession) {
    if (count > MAX_RULES_PER_SESSION)
      throw refuse(
        `session ${JSON.stringify(session)} holds ${count} rules; a session holds at most ${MAX_RULES_PER_SESSION} (as POST /__admin/scenarios allows): delete some`,
      );
  }
  if (perSession.size > MAX_RULE_SESSIONS)
    throw refuse(
      `${perSession.size} sessions hold rules; at most ${MAX_RULE_SESSIONS} may (as POST /__admin/scenarios allows): delete some sessions' rules`,
    );
  const sessionClocks = target.clocks.size - (target.clocks.has(DEPLOYMENT) ? 1 : 0);
  if (sessionClocks > MAX_SESSION_CLOCKS)
    throw refuse(
      `${sessionClocks} sessions have a clock of their own; at most ${MAX_SESSION_CLOCKS} may (as the clock endpoints allow): forget some (clock-forgotten records)`,
    );
  const held = await store.count();
  if (held > store.maxRecords)
    throw refuse(
      `holds ${held} View Tokens, more than --max-view-tokens ${store.maxRecords}: give --max-view-tokens ${held} or more`,
    );
}
