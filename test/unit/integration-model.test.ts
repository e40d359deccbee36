import { toMockConfig } from '../../mock/config/config-check';
import { noModelFiles, toModelSpecs } from '../../mock/config/model-specs';
import { CATEGORIES } from '../../mock/viewer/model/categories';
import { generateBuilding } from '../../mock/viewer/model/generate-building';
import { toFilesAnswer, toSpecialtyTreeAnswer } from '../../mock/viewer/model/integration-answers';
import { defaultIntegrationFiles } from '../../mock/viewer/model/integration-files';
import { createModelCatalog } from '../../mock/viewer/model/model-catalog';
import { toFloorsAnswer } from '../../mock/viewer/model/model-answers';

// An integrated model: several files drawn together, ids `fileId.elementId`. By default the two files
// of one building generated from the integration's id, its architecture and its structure.
const ids = (elements: readonly { elementId: string }[]): string[] =>
  elements.map((element) => element.elementId).sort();

test('by default integration 20001 is files 200011 and 200012: the architecture and the structure of one building, which together are that building', () => {
  const integration = createModelCatalog().integrationOf('20001');
  const whole = generateBuilding('20001');
  const [architecture, structure] = integration.files;
  expect(
    integration.files.map(({ fileId, fileName, fileType, specialty, databagId }) => ({
      fileId,
      fileName,
      fileType,
      specialty,
      databagId,
    })),
  ).toEqual([
    {
      fileId: '200011',
      fileName: 'integration-20001-architecture.rvt',
      fileType: 'rvt',
      specialty: 'Architecture',
      databagId: 'integration-20001-file-200011-databag',
    },
    {
      fileId: '200012',
      fileName: 'integration-20001-structure.rvt',
      fileType: 'rvt',
      specialty: 'Structure',
      databagId: 'integration-20001-file-200012-databag',
    },
  ]);
  const parts = [...(architecture?.served.model.elements ?? []), ...(structure?.served.model.elements ?? [])];
  expect(ids(parts)).toEqual(ids(whole.elements));
  expect(new Set(structure?.served.model.elements.map((element) => element.categoryName))).toEqual(
    new Set(['Floors', 'Structural Columns']),
  );
  const column = structure?.served.model.elements.find(
    (element) => element.categoryId === CATEGORIES.structuralColumns.id,
  );
  expect(column?.properties[0]?.items[0]).toEqual({
    key: 'Category',
    value: 'Structural Columns',
    unit: '',
    valueType: 1,
  });
  expect(architecture?.served.model.elements.some((element) => element.categoryId === CATEGORIES.columns.id)).toBe(
    false,
  );
  expect(structure?.served.model.rooms).toEqual([]);
});

test('the combined model names every component fileId.elementId and merges the files’ levels by name', () => {
  const integration = createModelCatalog().integrationOf('20001');
  const { model } = integration.combined;
  const expected = integration.files.flatMap((file) =>
    file.served.model.elements.map((element) => `${file.fileId}.${element.elementId}`),
  );
  expect(ids(model.elements)).toEqual(expected.sort());
  expect(model.levels.map((level) => level.name)).toEqual(generateBuilding('20001').levels.map((level) => level.name));
  for (const element of model.elements)
    expect(model.levels.find((level) => level.id === element.levelId)?.name).toBe(element.levelName);
  expect(toFloorsAnswer(model, false).map((floor) => floor.name)).toEqual(model.levels.map((level) => level.name));
});

test.each([
  ['9223372036854775807', 2],
  ['922337203685477580', 2],
])(
  'integration %s: two distinct int64 file ids even where its id cannot be followed by a digit',
  (integrateId, count) => {
    const files = defaultIntegrationFiles(integrateId);
    expect(new Set(files.map((file) => file.fileId)).size).toBe(count);
    for (const file of files) expect(BigInt(file.fileId)).toBeLessThanOrEqual(9223372036854775807n);
  },
);

test('the config lists an integration’s files: a file with its own model keeps it, the others are the building’s parts, a third its own building', () => {
  const config = toMockConfig({
    objects: {
      fileId: { '10001': { name: 'Office-A.rvt', model: { seed: 'office', discipline: 'architecture' } } },
      integrateId: { '30001': { name: 'Office', model: { files: ['10001', '10002', '10003'] } } },
    },
  });
  const catalog = createModelCatalog(toModelSpecs(config, noModelFiles));
  const files = catalog.integrationOf('30001').files;
  expect(files.map((file) => [file.fileId, file.fileName, file.served.model.source])).toEqual([
    ['10001', 'Office-A.rvt', 'generated from seed office (architecture)'],
    ['10002', 'model-10002.rvt', 'generated from seed 30001 (structure)'],
    ['10003', 'model-10003.rvt', 'generated from seed 10003'],
  ]);
  expect(catalog.fileOf('30001', '10002')).toBe(files[1]?.served);
  expect(catalog.fileOf('30001', '99')).toBe(catalog.modelOf('file', '99'));
});

test('a catalog’s integrations are its fileIds, named as its files are', () => {
  const config = toMockConfig({
    applications: [{ appKey: 'a', appSecret: 's' }],
    catalog: {
      files: [
        { id: '11', name: 'Arch.rvt', owner: 'a' },
        { id: '12', name: 'Struct.ifc', owner: 'a' },
      ],
      integrations: [{ id: '21', name: 'Both', owner: 'a', fileIds: ['11', '12'] }],
    },
  });
  const files = createModelCatalog(toModelSpecs(config, noModelFiles)).integrationOf('21').files;
  expect(files.map((file) => [file.fileId, file.fileName, file.fileType])).toEqual([
    ['11', 'Arch.rvt', 'rvt'],
    ['12', 'Struct.ifc', 'ifc'],
  ]);
});

test.each([
  ['file-10001-databag', 'model', '10001'],
  ['integration-20001-file-200012-databag', 'model', 'structure'],
  ['integration-20001-databag', 'integration', '20001'],
  ['childFile-7-databag', 'model', '7'],
])('databag %s names a %s', (databagId, kind, what) => {
  const found = createModelCatalog().databagOf(databagId);
  expect(found?.kind).toBe(kind);
  if (found?.kind === 'model') expect(found.served.model.source).toContain(what);
  if (found?.kind === 'integration') expect(found.integration.integrateId).toBe(what);
});

test.each(['nothing-1-databag', 'file-x-databag', 'file-1', '__proto__-1-databag'])(
  '%s names no databag',
  (databagId) => {
    expect(createModelCatalog().databagOf(databagId)).toBeUndefined();
  },
);

test('the files answer has the platform’s fields; the sheet count only when asked', () => {
  const integration = createModelCatalog().integrationOf('20001');
  const [first] = toFilesAnswer(integration, false);
  expect(first).toEqual({
    databagId: 'integration-20001-file-200011-databag',
    drawingSheetCount: null,
    fileId: 200011,
    fileName: 'integration-20001-architecture.rvt',
    fileType: 'rvt',
    floor: null,
    floorSort: null,
    integrateId: 20001,
    linkedBy: ['200011'],
    specialty: 'Architecture',
    specialtySort: 1,
  });
  const storeys = generateBuilding('20001').levels.length - 1;
  expect(toFilesAnswer(integration, true).map((file) => file.drawingSheetCount)).toEqual([storeys, storeys]);
  expect(toFilesAnswer(createModelCatalog().integrationOf('9007199254740993'), false)[0]?.integrateId).toBe(
    '9007199254740993',
  );
});

test('the tree by specialty: Architecture and Structure, each over the floors of its file’s elements', () => {
  const integration = createModelCatalog().integrationOf('20001');
  const tree = toSpecialtyTreeAnswer(integration);
  expect(tree.root).toBe('specialty');
  expect(tree.items.map((item) => [item.type, item.name, item.elementCount])).toEqual(
    integration.files.map((file) => ['specialty', file.specialty, file.served.model.elements.length]),
  );
  expect(tree.items[1]?.items.map((floor) => floor.type)).toEqual(tree.items[1]?.items.map(() => 'floor'));
});

test.each([
  [
    { integrateId: { '1': { model: { levels: 2 } } } },
    'config: objects.integrateId.1.model: an integrated model\'s model is its "files" (the file ids it integrates, each shaped under fileId), not levels',
  ],
  [
    { integrateId: { '1': { model: { files: ['2'], sheets: [{ name: 'A', level: 'F1' }] } } } },
    'config: objects.integrateId.1.model: an integrated model\'s model is its "files" (the file ids it integrates, each shaped under fileId), not sheets',
  ],
  [
    { fileId: { '1': { model: { files: ['2'] } } } },
    'config: objects.fileId.1.model.files: only an integrated model (integrateId) lists files',
  ],
  [
    { integrateId: { '1': { model: { files: ['x'] } } } },
    'config: objects.integrateId[1].model.files[0]: "x" is not an int64 id',
  ],
])('config objects %j are refused: %s', (objects, message) => {
  expect(() => toMockConfig({ objects })).toThrow(message);
});

test('a sheet naming a level the model lacks stops the start, naming the levels it has', () => {
  const config = toMockConfig({
    objects: { fileId: { '5': { model: { levels: 2, sheets: [{ name: 'A-103', level: 'F3' }] } } } },
  });
  expect(() => toModelSpecs(config, noModelFiles)).toThrow(
    'config: objects.fileId.5.model.sheets: sheet "A-103" names level F3: this model\'s plans are of F1, F2',
  );
});

test('under MSW a model file is refused at start, naming the setting', () => {
  const config = toMockConfig({ objects: { fileId: { '5': { model: { file: 'tower.glb' } } } } });
  expect(() => toModelSpecs(config, noModelFiles)).toThrow(
    "config: objects.fileId.5.model.file: tower.glb cannot be read here (MSW has no file system); give the model's shape (levels, footprint, seed) or run the mock's server",
  );
});
