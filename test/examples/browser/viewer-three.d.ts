// The package's own export (dist/mock/viewer/thirdparty-source.d.mts, written by the build), declared
// here so the app type-checks before a build; the test bundles the built file.
declare module 'view-token-mock/msw/viewer-three' {
  const source: string;
  export default source;
}
