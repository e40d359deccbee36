import type { Planner } from './probe-planner';

/**
 * The child-file POST with a JSON body naming other ids than its path (the unknown id, another
 * application's file): the path decides, so each is answered as the path alone is, with a View
 * Token. Ids are written as JSON numbers, digits as given.
 */
export function planBodyIds({ ids, childIds, spec, post, add }: Planner): void {
  if (!childIds) return;
  const bodies: [string, Record<string, string>][] = [];
  if (ids.missingId !== undefined)
    bodies.push([
      `the --missing-id ${ids.missingId} as integrateId and fileId`,
      { integrateId: ids.missingId, fileId: ids.missingId },
    ]);
  if (ids.forbiddenFileId !== undefined)
    bodies.push([`the --forbidden-file-id ${ids.forbiddenFileId} as fileId`, { fileId: ids.forbiddenFileId }]);
  const where = `POST ${spec.operations.getChildFileViewToken.path} (body)`;
  for (const [label, named] of bodies) {
    const body = `{${Object.entries(named)
      .map(([name, value]) => `"${name}":${value}`)
      .join(',')}}`;
    add({
      id: `POST with ${label} in its body`,
      operation: 'getChildFileViewToken',
      intent: 'body-ids',
      request: { ...post(childIds), body },
      object: `fileId=${childIds.fileId ?? ''}`,
      where,
      variant: label,
    });
  }
}
