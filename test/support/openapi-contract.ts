import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { execFileSync } from 'node:child_process';
import type * as oas from 'openapi3-ts/oas31';
import type { Response } from 'supertest';
import { REPO_ROOT } from './app-runner';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** JSON Pointer escaping of one path segment. */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Holds real answers of the API against its own OpenAPI document: the status must be one the route
 * lists, a JSON body must match the schema given for it (exactly: the answers' schemas allow no
 * other fields), an error's text must be one the document names for that status, and the
 * documented response headers must be there.
 */
export class DocumentedApi {
  private readonly ajv = new Ajv2020({ strict: false, validateSchema: false, validateFormats: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: oas.OpenAPIObject) {
    this.ajv.addSchema(doc as object, 'openapi');
  }

  operation(method: Method, path: string): oas.OperationObject {
    const op = this.doc.paths?.[path]?.[method] as oas.OperationObject | undefined;
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    return op;
  }

  /** Asserts the answer is documented (and, given `status`, that it is that one); returns it for more specific assertions. */
  expect(method: Method, path: string, res: Response, status?: number): Response {
    const where = `${method.toUpperCase()} ${path} → ${res.status}`;
    if (status !== undefined && res.status !== status) throw new Error(`${where}, not ${status} (answered ${res.text.slice(0, 300)})`);
    const answer = this.operation(method, path).responses?.[String(res.status)] as oas.ResponseObject | undefined;
    if (!answer) throw new Error(`${where} is not documented (answered ${res.text.slice(0, 300)})`);
    for (const header of Object.keys(answer.headers ?? {})) {
      if (res.headers[header.toLowerCase()] === undefined) throw new Error(`${where}: documented header ${header} missing`);
    }
    const json = answer.content?.['application/json'];
    if (!json || !/json/.test(res.headers['content-type'] ?? '')) return res;
    const validate = this.validator(`openapi#/paths/${pointer(path)}/${method}/responses/${res.status}/content/application~1json/schema`);
    if (!validate(res.body)) throw new Error(`${where}: the body does not match the documented schema: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`);
    if (res.status >= 400) {
      const texts = Object.values(json.examples ?? {}).map((e) => ((e as oas.ExampleObject).value as { error: string }).error);
      const { error } = res.body as { error: string };
      if (!texts.some((text) => documentedText(text).test(error))) throw new Error(`${where}: «${error}» is not among the documented texts ${JSON.stringify(texts)}`);
    }
    return res;
  }

  private validator(ref: string): ValidateFunction {
    let validate = this.validators.get(ref);
    if (!validate) this.validators.set(ref, (validate = this.ajv.compile({ $ref: ref })));
    return validate;
  }
}

/** A documented text as a pattern: `{field}` and the like stand for any text. */
function documentedText(text: string): RegExp {
  const parts = text.split(/\{[a-z]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

/** `GET /api/tasks/{id}`: every method and path of the document. */
export function documentedRoutes(doc: oas.OpenAPIObject): string[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'put', 'patch', 'delete'] as const).filter((m) => (item as oas.PathItemObject)[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/**
 * Lists what the built API's Express router serves once its Nest app is initialised: run by
 * `servedRoutes` in a node of its own (Nest 12 is an ES module, which jest's runtime cannot load).
 */
const LIST_ROUTES = `
const { createApiApp } = require('./dist/api/apps/api/src/api-app.js');
const { loadConfig } = require('./dist/api/libs/config/src/app-config.js');
(async () => {
  const app = await createApiApp(loadConfig(process.env));
  await app.init();
  const routes = app.getHttpAdapter().getInstance().router.stack
    // Nest's own not-found handler answers every other path on every method ({/*splat}): no route.
    .filter((layer) => layer.route && layer.route.path !== '{/*splat}')
    .flatMap(({ route }) => Object.keys(route.methods).filter((m) => m !== '_all').map((m) => ({ method: m, path: route.path })));
  await app.close();
  process.stdout.write(JSON.stringify(routes));
})().catch((error) => { process.stderr.write(String(error.stack)); process.exit(1); });`;

/**
 * The routes the built API really serves: its app (dist/, as the API process runs it) created and
 * initialised with `env`, its Express router read; paths in OpenAPI's form (`:id` → `{id}`).
 */
export function servedRoutes(env: Record<string, string>): string[] {
  const out = execFileSync(process.execPath, ['-e', LIST_ROUTES], { cwd: REPO_ROOT, env: { ...process.env, ...env, LOG_LEVEL: 'silent' } });
  const routes = JSON.parse(out.toString()) as { method: string; path: string }[];
  return routes.map(({ method, path }) => `${method.toUpperCase()} ${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
}

const VALIDATE = `import { Validator } from '@seriousme/openapi-schema-validator';
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(Buffer.concat(chunks).toString()))));`;

/**
 * The verdict of the OpenAPI Initiative's own schema for the document's version, with every $ref
 * resolved (@seriousme/openapi-schema-validator; it is an ES module only, so it runs in a node of
 * its own).
 */
export function validateOpenApi(doc: oas.OpenAPIObject): { valid: boolean; errors?: unknown } {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], { cwd: REPO_ROOT, input: JSON.stringify(doc) });
  return JSON.parse(out.toString()) as { valid: boolean; errors?: unknown };
}
