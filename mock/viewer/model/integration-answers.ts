// What the platform's integration data routes answer, as its SDK reads them when `modelType` is not
// `singleModel`: the files (`getFiles`), the tree by specialty (`getModelTree`, `treeType=specialty`).
// Floors and elements are the single-model answers over the integration's combined model or one file.
import type { IntegrationFile, ServedIntegration } from './model-catalog';
import type { TreeAnswer, TreeNode } from './model-answers';
import { toTreeAnswer } from './model-answers';

/** One entry of `data` of `GET /data/v2/integrations/{integrateId}/files`, the platform's fields. */
export interface IntegrationFileAnswer {
  databagId: string;
  drawingSheetCount: number | null;
  /** A number, as the platform writes ids (a string for an id past 2^53, which a number cannot hold). */
  fileId: number | string;
  fileName: string;
  fileType: string;
  floor: null;
  floorSort: null;
  integrateId: number | string;
  linkedBy: string[];
  specialty: string | null;
  specialtySort: number | null;
}

/** An int64 as a JSON number where that is exact, else its string. */
const asNumber = (id: string): number | string => (Number.isSafeInteger(Number(id)) ? Number(id) : id);

/** The integration's files; `drawingSheetCount` only when asked (`includeDrawingSheet=true`), as the platform. */
export function toFilesAnswer(integration: ServedIntegration, includeDrawingSheet: boolean): IntegrationFileAnswer[] {
  return integration.files.map((file: IntegrationFile, index) => ({
    databagId: file.databagId,
    drawingSheetCount: includeDrawingSheet ? file.served.sheets().length : null,
    fileId: asNumber(file.fileId),
    fileName: file.fileName,
    fileType: file.fileType,
    floor: null,
    floorSort: null,
    integrateId: asNumber(integration.integrateId),
    linkedBy: [file.fileId],
    specialty: file.specialty,
    specialtySort: file.specialty === null ? null : index + 1,
  }));
}

/** `data` of `GET /data/v2/integrations/{integrateId}/tree?treeType=specialty`: specialty → floor → category → family → type. */
export interface SpecialtyTreeAnswer {
  root: 'specialty';
  items: TreeNode[];
}

/** The tree by specialty: each file's specialty over the floors of its elements (ids `fileId.elementId` below). */
export function toSpecialtyTreeAnswer(integration: ServedIntegration): SpecialtyTreeAnswer {
  const { model } = integration.combined;
  const specialties = [...new Set(model.elements.map((element) => element.specialty))];
  return {
    root: 'specialty',
    items: specialties.map((specialty) => {
      const elements = model.elements.filter((element) => element.specialty === specialty);
      const floors: TreeAnswer = toTreeAnswer({ ...model, elements });
      return {
        actualName: specialty,
        data: null,
        elementCount: elements.length,
        id: specialty,
        items: floors.items,
        name: specialty,
        type: 'specialty',
      };
    }),
  };
}
