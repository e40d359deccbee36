import { SERVE_FLAGS, toEnvName } from './serve-options';

/** `view-token-mock --help`. */
export function serveHelp(version: string): string {
  const rows = Object.entries(SERVE_FLAGS).map(([name, flag]) => {
    const left = `  --${name}${flag.type === 'string' ? ' <value>' : ''}`;
    const fallback = 'default' in flag ? ` (default ${flag.default})` : '';
    return `${left.padEnd(28)}${flag.help}${fallback}`;
  });
  return [
    `view-token-mock ${version}: a spec-driven mock of the View Token Issuing Service`,
    '',
    'Usage:',
    '  view-token-mock [serve] [flags]     serve the mock (Ctrl-C drains and exits)',
    '  view-token-mock catalog --seed N    print a realistic object catalog to serve with --config',
    '  view-token-mock --help | --version',
    '',
    'Flags:',
    ...rows,
    '',
    `Each flag can also be set as an environment variable, e.g. ${toEnvName('base-path')}=/api.`,
    'Admin API and dashboard: <base URL>/__admin (docs/reference/admin-api.md; every page: docs/README.md).',
  ].join('\n');
}
