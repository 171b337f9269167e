// The OpenAPI document the running server serves at /openapi.json: the export, with `servers` at the server's own URLs and the catalogue it knows (regions, types, images, kernels) as enums, so generic tools can create entities.

import type { Schema } from '../../spec/json-schema.js';
import type { Json } from '../../spec/types.js';
import { openapiDocument } from '../export/openapi.js';
import { images, instanceTypes, kernels, regions } from './model/catalogue.js';

const catalogueValues: Record<string, readonly string[]> = {
  region: regions.map((r) => r.id),
  image: images.map((i) => i.id),
  kernel: kernels.map((k) => k.id),
  type: instanceTypes.map((t) => t.id),
};

/** A request body property that names a catalogue entry: a free string (an enum already set names something else). */
function catalogueEnum(name: string, schema: Schema): readonly string[] | undefined {
  const values = catalogueValues[name];
  if (!values || schema.enum !== undefined) return undefined;
  const type = schema.type;
  if (type !== 'string' && !(Array.isArray(type) && type.includes('string'))) return undefined;
  // `type` names other things elsewhere (an address family, a payment method): only instance types get the list.
  if (name === 'type' && !/instance|type of a new/i.test(String(schema.description ?? ''))) return undefined;
  return values;
}

function addCatalogue(node: Json): void {
  if (Array.isArray(node)) {
    for (const item of node) addCatalogue(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const properties = (node as Schema).properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    for (const [name, schema] of Object.entries(properties)) {
      const values = catalogueEnum(name, schema as Schema);
      if (values) (schema as Schema).enum = [...values];
    }
  }
  for (const value of Object.values(node)) addCatalogue(value as Json);
}

let enriched: Schema | undefined;

/** The export with the catalogue's values on request bodies (built once): `cloudconf openapi --catalogue`. */
export function openapiWithCatalogue(): Schema {
  if (enriched) return enriched;
  const doc = openapiDocument();
  for (const item of Object.values(doc.paths as Record<string, Schema>)) {
    for (const op of Object.values(item)) {
      const body = (op as Schema).requestBody as Schema | undefined;
      if (body) addCatalogue(body);
    }
  }
  enriched = doc;
  return doc;
}

/** The document as served from `origin` (`http://127.0.0.1:8080`): its servers are the server's own roots. */
export function servedOpenapi(origin: string): Schema {
  const doc = openapiWithCatalogue();
  const paths: Record<string, Schema> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Schema>)) {
    paths[path] = item.servers ? { ...item, servers: [{ url: `${origin}/v4beta`, description: 'beta API' }] } : item;
  }
  return { ...doc, servers: [{ url: `${origin}/v4`, description: 'version 4 API' }], paths };
}
