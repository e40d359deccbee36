#!/usr/bin/env node
// Runs first in `npm test`: the system programs the tests start (redis-server and redis-cli for the
// Redis store and Cluster suites, Chromium for the browser suites, openssl for the harness's https test). Missing ones are installed with
// apt-get when this runs as root on Debian (as CI does), or the run stops at once with the one command
// to type; a test suite half-run for want of a program says less than this line.
const { execFileSync, spawnSync } = require('node:child_process');
const { accessSync, constants } = require('node:fs');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What the tests need, each with the Debian package that brings it. */
const NEEDS = [
  { what: 'redis-server', found: () => onPath('redis-server'), apt: 'redis-server' },
  { what: 'redis-cli', found: () => onPath('redis-cli'), apt: 'redis-tools' },
  { what: `Chromium (${chromium})`, found: () => executable(chromium), apt: 'chromium' },
  { what: 'openssl', found: () => onPath('openssl'), apt: 'openssl' },
];

function onPath(command) {
  return spawnSync('/bin/sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function main() {
  const missing = NEEDS.filter((need) => !need.found());
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((need) => need.apt))];
  const names = missing.map((need) => need.what).join(', ');
  const canInstall = process.getuid?.() === 0 && onPath('apt-get');
  if (!canInstall) {
    console.error(`npm test needs ${names}. Install with:\n  sudo apt-get install -y ${packages.join(' ')}`);
    if (missing.some((need) => need.apt === 'chromium')) console.error('(or set CHROMIUM_PATH to a Chromium you have)');
    process.exit(1);
  }
  console.log(`test prerequisites: installing ${packages.join(' ')} (apt-get) for ${names}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const still = NEEDS.filter((need) => !need.found());
  if (still.length > 0) {
    console.error(`apt-get ran, but ${still.map((need) => need.what).join(', ')} is still missing.`);
    process.exit(1);
  }
}

main();
