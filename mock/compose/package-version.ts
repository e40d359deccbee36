/**
 * The package's version, as `/__admin/health` says it (package.json's `version`; a test holds the
 * two equal). A constant, not read from package.json: the MSW entry runs in browsers too.
 */
export const PACKAGE_VERSION = '0.3.0';
