// What the stand-in loads under resourceHost without a token, as the platform's SDK loads its own
// resources: a model's geometry (glTF) and its drawing (the sheet list, each sheet's vectors). A
// databag id that names nothing, an integration's geometry (its files have it) and a sheet the
// drawing lacks are 404s saying what there is.
import type { Answer } from '../core/service-answers';
import { toErrorAnswer } from '../core/service-answers';
import type { Databag, ModelCatalog } from './model/model-catalog';
import { toSheetSummaries } from './model/drawing-sheets';
import type { DrawingSheet } from './model/drawing-types';
import type { ModelRequest } from './model-token-use';

const NO_CACHE = { 'Cache-Control': 'no-cache' };

type Handler = (request: ModelRequest) => Promise<Answer>;

const json = (body: unknown): Answer => ({ status: 200, headers: { ...NO_CACHE }, body });

function sheetsOf(databag: Databag): DrawingSheet[] {
  return databag.kind === 'model' ? databag.served.sheets() : databag.integration.combined.sheets();
}

/** The resource routes over the model catalog: geometry, drawing index, drawing sheet. */
export function createDrawingHandlers(
  models: ModelCatalog,
): Record<'getModelGeometry' | 'getDrawingIndex' | 'getDrawingSheet', Handler> {
  /** The databag the request names, or the 404 saying it names none. */
  const find = (request: ModelRequest): Databag | Answer => {
    const databagId = request.params.databagId ?? '';
    // The spec's pattern let only known forms through; the lookup stays honest all the same.
    return models.databagOf(databagId) ?? toErrorAnswer('route.not.found', `No model under ${databagId}.`);
  };
  const isAnswer = (found: Databag | Answer): found is Answer => 'status' in found;
  return {
    getModelGeometry(request) {
      const found = find(request);
      if (isAnswer(found)) return Promise.resolve(found);
      if (found.kind === 'integration') {
        const { integrateId, files } = found.integration;
        return Promise.resolve(
          toErrorAnswer(
            'route.not.found',
            `Integration ${integrateId}'s geometry is its files': ${files.map((file) => `/${file.databagId}/resource/model`).join(', ')} (GET /data/v2/integrations/${integrateId}/files lists them).`,
          ),
        );
      }
      const { bytes, contentType } = found.served.geometry();
      return Promise.resolve({ status: 200, headers: { 'Content-Type': contentType, ...NO_CACHE }, body: bytes });
    },
    getDrawingIndex(request) {
      const found = find(request);
      if (isAnswer(found)) return Promise.resolve(found);
      return Promise.resolve(json({ sheets: toSheetSummaries(sheetsOf(found)) }));
    },
    getDrawingSheet(request) {
      const found = find(request);
      if (isAnswer(found)) return Promise.resolve(found);
      const sheets = sheetsOf(found);
      const sheetId = request.params.sheetId ?? '';
      const sheet = sheets.find((candidate) => candidate.id === sheetId);
      if (sheet !== undefined) return Promise.resolve(json(sheet));
      const known = sheets.map((candidate) => `${candidate.id} (${candidate.name})`).join(', ');
      return Promise.resolve(
        toErrorAnswer(
          'route.not.found',
          `${request.params.databagId ?? ''} has no sheet ${sheetId}; its sheets are ${known}.`,
        ),
      );
    },
  };
}
