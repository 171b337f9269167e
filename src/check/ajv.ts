// One configured ajv instance (JSON Schema 2020-12, standard and cloudconf formats, cloudconf keywords); schemas are compiled once and cached by it.

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { formatHolds } from '../../spec/evaluate.js';
import { formatPredicates } from '../../spec/formats.js';
import { NOT_IN_DOCUMENTS, RULES_KEYWORD } from '../../spec/json-schema.js';

const addFormats = addFormatsModule.default;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictTypes: false,
    strictRequired: false,
    validateFormats: true,
  });
  addFormats(ajv);
  for (const [name, predicate] of Object.entries(formatPredicates))
    ajv.addFormat(name, { type: 'string', validate: predicate });
  // A date-time without a UTC offset is judged by its own non-strict check (DECISIONS 5), not by the schema.
  ajv.addFormat('date-time', { type: 'string', validate: (v: string) => formatHolds('date-time', v) });
  // Rules JSON Schema cannot state are judged by cloudconf's own checks; for ajv they are annotations.
  ajv.addKeyword({ keyword: RULES_KEYWORD, schemaType: 'array' });
  for (const keyword of [
    'x-cloudconf-access',
    'x-cloudconf-events',
    'x-cloudconf-effects',
    'x-cloudconf-status',
    'x-cloudconf-requirements',
    // Parts the documents do not show; checks take them out first (documentedOnly), tools read them as annotations.
    NOT_IN_DOCUMENTS,
  ]) {
    ajv.addKeyword({ keyword });
  }
  return ajv;
}
