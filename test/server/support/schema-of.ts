import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildOpenApi, loadContractSchemas } from '../../../src/server/openapi.js';

/** A response checker for one OpenAPI component, with the contract schemas it refers to. */
export function schemaOf(name: string): (value: unknown) => string[] {
  const openapi = buildOpenApi('test') as { components: { schemas: Record<string, unknown> } };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const { citation, answer } = loadContractSchemas();
  ajv.addSchema(citation);
  ajv.addSchema(answer);
  // the components refer to each other by '#/components/schemas/<name>': give them one document
  ajv.addSchema({ $id: 'urn:cairn:openapi', components: openapi.components });
  const check = ajv.compile({ $ref: `urn:cairn:openapi#/components/schemas/${name}` });
  return (value) =>
    check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
