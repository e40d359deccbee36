import type { Int64 } from '../../mock/core/int64';
import { createOpenDirectory } from '../../mock/core/object-directory';
import { toViewerName } from '../../mock/proxy/recorder';

const id = (value: string): Int64 => value as Int64;

const directory = createOpenDirectory({
  missing: { fileId: [id('404')] },
  forbidden: { fileId: [id('403')] },
  known: {
    fileId: { [id('7')]: { name: 'Plan.dwg', extension: 'dwg' }, [id('8')]: { name: 'Tower' }, [id('9')]: {} },
    integrateId: { [id('7')]: { name: 'Site' } },
  },
});

test.each<[string, Parameters<typeof directory.find>[0], string, unknown]>([
  [
    'a known file has its name and extension',
    'file',
    '7',
    { kind: 'found', object: { type: 'file', id: '7', name: 'Plan.dwg', extension: 'dwg', owner: null } },
  ],
  [
    'a known file without an extension has its name only',
    'file',
    '8',
    { kind: 'found', object: { type: 'file', id: '8', name: 'Tower', owner: null } },
  ],
  [
    'a file only known to exist is described as every other id',
    'file',
    '9',
    { kind: 'found', object: { type: 'file', id: '9', name: 'model-9.rvt', extension: 'rvt', owner: null } },
  ],
  [
    'an unlisted file is described as today',
    'file',
    '10',
    { kind: 'found', object: { type: 'file', id: '10', name: 'model-10.rvt', extension: 'rvt', owner: null } },
  ],
  [
    'a known integration has its name',
    'integration',
    '7',
    { kind: 'found', object: { type: 'integration', id: '7', name: 'Site', owner: null } },
  ],
  [
    "a scene with a known file's id is not that file",
    'scene',
    '7',
    { kind: 'found', object: { type: 'scene', id: '7', name: 'scene-7', owner: null } },
  ],
  ['a missing file is still missing', 'file', '404', { kind: 'missing' }],
  ['a forbidden file is still forbidden', 'file', '403', { kind: 'forbidden' }],
  ['id 0 is still missing', 'file', '0', { kind: 'missing' }],
])('open world: %s', (_label, type, value, lookup) => {
  expect(directory.find(type, id(value), null)).toEqual(lookup);
});

test.each<[string, unknown, unknown]>([
  [
    'a model name gives its own extension',
    { data: { name: 'Tower.rvt', renderType: 'bimView' } },
    { name: 'Tower.rvt', extension: 'rvt' },
  ],
  [
    'an upper-case extension is lowered',
    { data: { name: 'Plan.DWG', renderType: 'drawingView' } },
    { name: 'Plan.DWG', extension: 'dwg' },
  ],
  [
    'a drawing without an extension in its name is a dwg',
    { data: { name: 'Site plan', renderType: 'drawingView' } },
    { name: 'Site plan', extension: 'dwg' },
  ],
  [
    'a model without an extension in its name has none',
    { data: { name: 'Site model', renderType: 'bimView' } },
    { name: 'Site model' },
  ],
  ['a name ending in a dot and a space has no extension', { data: { name: 'v1. final' } }, { name: 'v1. final' }],
  ['an empty name is no name', { data: { name: '', renderType: 'drawingView' } }, undefined],
  ['a name that is not a string is no name', { data: { name: 7 } }, undefined],
  ['an envelope without data', { code: 'success' }, undefined],
  ['no JSON at all', undefined, undefined],
])('recorded viewer name: %s', (_label, json, named) => {
  expect(toViewerName(json)).toEqual(named);
});
