import { lookUpViewerFile } from '../../mock/viewer/viewer-files';

// thirdparty.js (three.js) is built into dist/ and read by the server; where there is no build to read
// (MSW in a browser, an unbuilt checkout) it is a script saying so, never a failed file for the loader.
const PARAMS = { version: 'Bimface@3.6.36-standin', file: 'thirdparty.js' };
const PATH = '/api/Glodon/Bimface@3.6.36-standin/thirdparty.js';

test("the server's reader's bytes are served as thirdparty.js, in both SDK folders", async () => {
  const read = (file: string) => (file === 'thirdparty.js' ? '/* three */' : undefined);
  expect(await lookUpViewerFile('getViewerSdkFileUnderApi', PARAMS, PATH, read)).toEqual({
    kind: 'file',
    contentType: 'application/javascript; charset=utf-8',
    body: '/* three */',
  });
  expect(
    await lookUpViewerFile('getViewerSdkFile', { ...PARAMS, version: 'Drawing@1.6.34-standin' }, PATH, read),
  ).toMatchObject({ kind: 'file', body: '/* three */' });
});

test('without a build to read, thirdparty.js is a script that says where three.js is served', async () => {
  expect(await lookUpViewerFile('getViewerSdkFileUnderApi', PARAMS, PATH)).toEqual({
    kind: 'file',
    contentType: 'application/javascript; charset=utf-8',
    body: "/* view-token-mock's viewer stand-in: thirdparty.js (three.js) is built into dist/mock/viewer/ by `npm run build` and served by the mock's server; it is not here (MSW, or a checkout not built), so the 3D viewer shows the model without a picture. */\n",
  });
});

test("a reader that loads the file on its first use (MSW's chunk) is awaited", async () => {
  const read = (file: string) => Promise.resolve(file === 'thirdparty.js' ? '/* three, loaded */' : undefined);
  expect(await lookUpViewerFile('getViewerSdkFileUnderApi', PARAMS, PATH, read)).toMatchObject({
    kind: 'file',
    body: '/* three, loaded */',
  });
});
