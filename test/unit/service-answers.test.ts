import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_ERRORS } from '../../mock/core/service-answers';

test('the error catalog and the spec enumerate the same codes', () => {
  const spec = parse(readFileSync(path.resolve(__dirname, '../../spec/mock.openapi.yaml'), 'utf8'));
  expect(Object.keys(SERVICE_ERRORS).sort()).toEqual([...spec.components.schemas.ErrorCode.enum].sort());
});
