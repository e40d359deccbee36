import type { StaticOperationId } from '../core/routing/route-table';
import { STATIC_OPERATION_IDS, isStaticOperation } from '../core/routing/route-table';
import type { BuiltFileReader } from '../viewer/viewer-files';
import { PLAIN_TEXT, lookUpViewerFile } from '../viewer/viewer-files';
import type { Operation } from './operation';
import { text } from './reply';
import type { JournalFileLoad, JournalUnmatched } from './unmatched';

const HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };

/**
 * The loader's static host, keyed by operationId (spec/mock.openapi.yaml, `x-area: static`): the file
 * at the matched path with its content type, journaled as a file load, or the text/plain 404 naming it
 * (never JSON, which Chromium blocks for a script), the miss journaled as unmatched with its whole path.
 */
export function createViewerFileOperations({
  basePath,
  journalUnmatched,
  journalFileLoad,
  readBuiltFile,
}: {
  basePath: string;
  journalUnmatched: JournalUnmatched;
  journalFileLoad: JournalFileLoad;
  /** The stand-in's built files (three.js); undefined where there is no build to read. */
  readBuiltFile?: BuiltFileReader | undefined;
}): Record<StaticOperationId, Operation> {
  const answer: Operation = async (request, match) => {
    if (!isStaticOperation(match.operationId)) throw new Error(`${match.operationId} is not a static-host operation`);
    const path = `${basePath}${match.path}`;
    const found = await lookUpViewerFile(match.operationId, match.params, path, readBuiltFile);
    if (found.kind === 'file') {
      journalFileLoad({ ...request, path }, match.operationId);
      return text(200, found.contentType, found.body, HEADERS);
    }
    journalUnmatched({ ...request, path }, 404, found.nearest === undefined ? undefined : `GET ${found.nearest}`);
    return text(404, PLAIN_TEXT, found.message, HEADERS);
  };
  return Object.fromEntries(STATIC_OPERATION_IDS.map((operationId) => [operationId, answer])) as Record<
    StaticOperationId,
    Operation
  >;
}
