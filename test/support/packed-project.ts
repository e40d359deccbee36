// What test/e2e/packed-tarball.test.ts does with the tarball: run commands in fresh projects, count
// what an install put there, start servers, and read the install commands the docs give.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export type Run = { code: number; stdout: string; stderr: string };

/** A command to its end (no shell), with npm's update notice off; never rejects. */
export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      [...args],
      {
        cwd,
        encoding: 'utf8',
        timeout: 240_000,
        maxBuffer: 32 * 1024 * 1024,
        env: { ...process.env, npm_config_update_notifier: 'false', ...env },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Flags every install of the tests adds: from npm's cache when it can, no audit or funding requests. */
export const QUIET_INSTALL = ['--no-audit', '--no-fund', '--prefer-offline'];

/** The package folders an install put in a project (each once), and their size on disk. */
export async function measureInstall(
  project: string,
): Promise<{ packages: number; kilobytes: number; folders: string[] }> {
  const tree = await run('npm', ['ls', '--all', '--parseable'], project);
  const size = await run('du', ['-sk', 'node_modules'], project);
  const folders = [...new Set(tree.stdout.split('\n').filter(Boolean))]
    .map((folder) => path.relative(project, folder))
    .filter(Boolean);
  return { packages: folders.length, kilobytes: Number(size.stdout.split('\t')[0]), folders };
}

/** Resolves with the base URL a starting mock prints; rejects when it exits first. */
export function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${output}`)));
  });
}

/** SIGTERM to a detached child's whole process group (npx runs the bin as its child), then its exit. */
export async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** A command line of the docs that installs or runs the package, where it is written, and in which form. */
export interface DocInstallCommand {
  where: string;
  /** The command as a shell line, CI's `run: ` and a trailing `# comment` taken off. */
  command: string;
  /** `tarball`: `./view-token-mock-<version>.tgz`; `registry`: the package by name (works once published). */
  form: 'tarball' | 'registry';
  /** The command with the package written `<package>`: a registry form and its tarball twin share it. */
  shape: string;
}

const TARBALL = './view-token-mock-<version>.tgz';
const BY_NAME = /(?<=^npm (?:install|i)(?: --?[\w-]+)* |^npx (?:--yes )?(?:-p|--package) )view-token-mock(?=\s|$)/;
/** A registry form and its tarball twin may differ in npx's --yes (an installed package needs no prompt). */
const toShape = (command: string, spec: RegExp | string): string =>
  command
    .split(spec)
    .join('<package>')
    .replace(/^npx --yes /, 'npx ');

/** Every fenced line of README.md, contracts/README.md and docs/**.md that installs the package or runs it with npx -p. */
export function docInstallCommands(root: string): DocInstallCommand[] {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(path.join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [path.join(dir, entry.name)]
          : [],
    );
  return ['README.md', 'contracts/README.md', ...walk('docs')].flatMap((file) => {
    let inFence = false;
    return readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index): DocInstallCommand[] => {
        if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
        const command = line
          .trim()
          .replace(/^(- )?(run: |#\s*)/, '')
          .replace(/\s+#\s.*$/, '')
          .trim();
        if (!inFence || !/^(npm (install|i)|npx) /.test(command)) return [];
        const where = `${file}:${index + 1}`;
        if (command.includes(TARBALL)) return [{ where, command, form: 'tarball', shape: toShape(command, TARBALL) }];
        if (BY_NAME.test(command)) return [{ where, command, form: 'registry', shape: toShape(command, BY_NAME) }];
        return [];
      });
  });
}
