// Builds the `cloudconf spec --json` document: the whole encoding as plain JSON, validated by spec/spec-export.schema.json.

import {
  conventionalStatus,
  eventRecordFields,
  nullInRequests,
  PAGE,
  PAGE_SIZE,
  scopeAreas,
} from '../../spec/conventions.js';
import {
  API_REVISION,
  ambiguities,
  errorCases,
  eventKinds,
  exclusions,
  limits,
  notShown,
  operations,
  requirements,
  resources,
  stateTables,
} from '../../spec/index.js';
import { servedAnswers, servedRecords } from '../../spec/served.js';
import { TOOL_VERSION } from '../version.js';

export const SPEC_EXPORT_VERSION = 1;

export function specExport() {
  const excluded = new Map(exclusions.map((x) => [x.requirement, x]));
  return {
    schemaVersion: SPEC_EXPORT_VERSION,
    apiRevision: API_REVISION,
    tool: { name: 'cloudconf', version: TOOL_VERSION },
    conventions: {
      page: PAGE,
      pageSize: PAGE_SIZE,
      statuses: conventionalStatus,
      eventRecordFields,
      scopeAreas,
      nullInRequests,
    },
    operations,
    resources,
    requirements: requirements.map((r) => ({
      ...r,
      part: r.source.part,
      ...(excluded.has(r.id) ? { excluded: excluded.get(r.id)?.reason } : {}),
    })),
    stateTables,
    events: eventKinds,
    errors: errorCases,
    limits,
    exclusions,
    notShown,
    ambiguities,
    served: { records: servedRecords, answers: servedAnswers },
  };
}
