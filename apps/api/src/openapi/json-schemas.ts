import { z } from 'zod';
import type * as oas from 'openapi3-ts/oas31';
import { RESPONSE_SCHEMAS } from '@app/contracts/response-schemas';

export type JsonSchema = oas.SchemaObject;
export type SchemaOrRef = JsonSchema | oas.ReferenceObject;

const COMPONENTS = '#/components/schemas/';

/** Drops what belongs to a standalone JSON Schema document, not to a schema inside OpenAPI's. */
function embedded(schema: Record<string, unknown>): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest as JsonSchema;
}

/**
 * A request's schema (a body, a parameter) as the client sends it: zod's input side, before the
 * transforms that normalise it. Refinements have no JSON Schema form; the errors list says them.
 */
export function requestSchema(schema: z.ZodType): JsonSchema {
  return embedded(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>);
}

/**
 * The answers' schemas in one pass: RESPONSE_SCHEMAS become the document's components, and each
 * route's answer refers to them (`z.array(Task)` is an array of `$ref: Task`).
 */
export class AnswerSchemas {
  private readonly ids = new Map<z.ZodType, string>();
  private built?: Record<string, JsonSchema>;

  constructor() {
    for (const [name, schema] of Object.entries(RESPONSE_SCHEMAS)) this.ids.set(schema, name);
  }

  /** Registers an answer; call before `components()` and `schemaOf()`. */
  add(schema: z.ZodType): void {
    if (this.built) throw new Error('answer schemas are already built');
    if (!this.ids.has(schema)) this.ids.set(schema, `answer-${this.ids.size}`);
  }

  components(): Record<string, JsonSchema> {
    const named = new Set(Object.keys(RESPONSE_SCHEMAS));
    return Object.fromEntries(Object.entries(this.all()).filter(([id]) => named.has(id)));
  }

  /** A named answer by reference, any other inline. */
  schemaOf(schema: z.ZodType): SchemaOrRef {
    const id = this.ids.get(schema);
    if (id === undefined) throw new Error('answer schema was not registered');
    return id in RESPONSE_SCHEMAS ? { $ref: `${COMPONENTS}${id}` } : this.all()[id];
  }

  private all(): Record<string, JsonSchema> {
    if (!this.built) {
      const registry = z.registry<{ id: string }>();
      for (const [schema, id] of this.ids) registry.add(schema, { id });
      const { schemas } = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', uri: (id) => `${COMPONENTS}${id}` });
      this.built = Object.fromEntries(Object.entries(schemas).map(([id, s]) => [id, embedded(s as Record<string, unknown>)]));
    }
    return this.built;
  }
}
