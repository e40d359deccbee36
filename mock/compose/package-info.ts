import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The package's root folder, from the sources (mock/) or the build (dist/mock/) alike. */
function findPackageRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'view-token-mock'
    )
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`view-token-mock's package.json not found above ${start}`);
    dir = parent;
  }
}

const PACKAGE_ROOT = findPackageRoot();
export { PACKAGE_VERSION } from './package-version';
/** The OpenAPI file of everything the mock serves. */
export const MOCK_SPEC_PATH = path.join(PACKAGE_ROOT, 'spec', 'mock.openapi.yaml');
/** The service contract: what `--proxy` judges the upstream's exchanges against. */
export const SERVICE_SPEC_PATH = path.join(PACKAGE_ROOT, 'spec', 'view-token.openapi.yaml');
