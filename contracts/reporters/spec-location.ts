import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ContractOperation } from '../contract-spec';
import type { Finding, RunReport } from '../run-report';

/** Where a finding points in the contract: its operation's path key in the root file. */
export interface SpecLocation {
  /** Relative to the working folder (the repository) when inside it, else absolute; `/`-separated. */
  file: string;
  inside: boolean;
  /** 1-based; 1 when the key is not found. */
  line: number;
  operation: string;
}

/**
 * The contract location of each finding's operation (the first request's), for annotations and SARIF.
 * @example locateIn(report)(finding) // { file: 'spec/view-token.openapi.yaml', inside: true, line: 12, operation: 'GET /view/token' }
 */
export function locateIn(report: RunReport, cwd: string = process.cwd()): (finding: Finding) => SpecLocation {
  const relative = path.relative(cwd, report.specPath);
  const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
  const file = (inside ? relative : report.specPath).split(path.sep).join('/');
  let lines: string[] = [];
  try {
    lines = readFileSync(report.specPath, 'utf8').split('\n');
  } catch {
    // a contract that moved since the run: findings point at its first line
  }
  return (finding) => {
    const operation: ContractOperation = finding.results[0]?.probe.operation ?? 'getViewToken';
    const { method, path: template } = report.operations[operation];
    return { file, inside, line: lineOf(lines, template), operation: `${method} ${template}` };
  };
}

function lineOf(lines: readonly string[], template: string): number {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const key = new RegExp(`^\\s*["']?${escaped}["']?\\s*:`);
  const index = lines.findIndex((line) => key.test(line));
  return index === -1 ? 1 : index + 1;
}
