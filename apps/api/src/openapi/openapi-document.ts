import type * as oas from 'openapi3-ts/oas31';
import type { z } from 'zod';
import type { AppConfig } from '@app/config';
import { AUTH_ERR, ERR, ROLES, SESSION_COOKIE, TOKEN_PREFIX, UI } from '@app/contracts';
import { parseBody } from '@app/contracts/schemas';
import { AnswerSchemas, requestSchema, type JsonSchema } from './json-schemas';
import type { Access } from '../auth/access.decorators';
import { API_TAGS, routeKey, type Answer, type ErrorText, type RouteAccess, type RouteDoc } from './route-doc';
import { API_INTRO } from './api-intro';

type Responses = oas.ResponsesObject;

/** How a caller signs in (DESIGN §13): a session of the sign-in page, or a personal token. */
const SECURITY_SCHEMES: Record<string, oas.SecuritySchemeObject> = {
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: '`POST /api/auth/sign-in` (or single sign-on) sets it' },
  token: { type: 'http', scheme: 'bearer', description: `a personal token (\`${TOKEN_PREFIX}…\`, \`POST /api/auth/tokens\`): \`Authorization: Bearer ${TOKEN_PREFIX}…\`` },
};
const SIGNED_IN: oas.SecurityRequirementObject[] = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));

/**
 * The OpenAPI 3.1 document of the routes: what `/api/openapi.json` serves. `access` is who may
 * call each route, from its handler's decorators: it gives the 401 and 403 answers and the
 * security of each operation.
 */
export function buildOpenApiDocument(routes: readonly RouteDoc[], config: AppConfig, access: RouteAccess): oas.OpenAPIObject {
  const answers = new AnswerSchemas();
  for (const route of routes) for (const answer of route.answers) if (answer.json) answers.add(answer.json);

  const paths: Record<string, Partial<Record<RouteDoc['method'], oas.OperationObject>>> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`${route.method.toUpperCase()} ${route.path} is described twice`);
    item[route.method] = operation(route, answers, config, accessOfRoute(access, route));
  }
  return {
    openapi: '3.1.0',
    info: { title: `${UI.productName}: HTTP API`, version: UI.version.replace(/^v/, ''), description: API_INTRO },
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths: paths as oas.PathsObject,
    components: { schemas: answers.components(), securitySchemes: SECURITY_SCHEMES },
  };
}

function accessOfRoute(access: RouteAccess, route: RouteDoc): Access {
  const found = access.get(routeKey(route.method, route.path));
  if (!found) throw new Error(`${routeKey(route.method, route.path)} is described, but no handler serves it`);
  return found;
}

function operation(route: RouteDoc, answers: AnswerSchemas, config: AppConfig, access: Access): oas.OperationObject {
  const inPath = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const described = Object.keys(route.params ?? {}).sort();
  if (inPath.join() !== described.join()) throw new Error(`${route.method.toUpperCase()} ${route.path}: path parameters ${inPath} but ${described} described`);
  const op: oas.OperationObject = {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    description: [`**Access:** ${whoMayCall(access)}`, route.description].filter(Boolean).join('\n\n'),
    parameters: parameters(route),
    security: access.public ? [] : SIGNED_IN,
    responses: {},
  };
  if (route.body) {
    const content: oas.ContentObject =
      'multipart' in route.body
        ? { 'multipart/form-data': { schema: route.body.multipart } }
        : { 'application/json': { schema: requestSchema(route.body.schema), ...(route.body.example === undefined ? {} : { example: route.body.example }) } };
    op.requestBody = { required: true, content };
  }
  const responses: Responses = {};
  for (const answer of route.answers) responses[answer.status] = answerObject(answer, answers);
  for (const [status, texts] of Object.entries(errorTexts(route, config, access))) {
    if (responses[status]) throw new Error(`${route.method.toUpperCase()} ${route.path}: ${status} is both an answer and an error`);
    responses[status] = errorObject(texts);
  }
  op.responses = responses;
  return op;
}

/** `patchApiTasksId`: stable, unique per method and path, for client generators. */
function operationId(route: RouteDoc): string {
  const words = route.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return route.method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

function parameters(route: RouteDoc): oas.ParameterObject[] {
  const list: oas.ParameterObject[] = Object.entries(route.params ?? {}).map(([name, p]) => ({
    name,
    in: 'path',
    required: true,
    description: p.description,
    schema: requestSchema(p.schema),
  }));
  if (route.query) {
    const query = requestSchema(route.query);
    const required = new Set(query.required ?? []);
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema as JsonSchema;
      list.push({ name, in: 'query', required: required.has(name), description, schema: rest });
    }
  }
  return list;
}

function answerObject(answer: Answer, answers: AnswerSchemas): oas.ResponseObject {
  const object: oas.ResponseObject = { description: answer.description };
  if (answer.json) object.content = { 'application/json': { schema: answers.schemaOf(answer.json) } };
  if (answer.media) object.content = Object.fromEntries(answer.media.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  if (answer.headers) {
    object.headers = Object.fromEntries(Object.entries(answer.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]));
  }
  return object;
}

/** The access line of an operation's description. */
function whoMayCall(access: Access): string {
  if (access.public) return 'anyone, signed in or not.';
  if (access.temporaryOk) return 'any signed-in user, also one who must still change a temporary password.';
  const role = access.role ?? 'admin';
  const roles = ROLES.slice(ROLES.indexOf(role));
  return roles.length === ROLES.length ? 'any signed-in user.' : `role ${roles.map((r) => `\`${r}\``).join(' or ')}.`;
}

/**
 * The route's error texts by status, with those every route of its kind shares and those of who
 * may call it (`access`, from its handler's decorators, as AccessGuard enforces it).
 */
export function errorTexts(route: RouteDoc, config: AppConfig, access: Access): Record<number, string[]> {
  const byStatus: Record<number, string[]> = {};
  const add = (status: number, text: ErrorText) => {
    const message = typeof text === 'function' ? text(config) : text;
    const list = (byStatus[status] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  if (!access.public) {
    add(401, AUTH_ERR.signInRequired);
    if (!access.temporaryOk) add(403, AUTH_ERR.mustChangePassword);
    if ((access.role ?? 'admin') !== ROLES[0]) add(403, AUTH_ERR.forbidden);
  }
  for (const param of Object.values(route.params ?? {})) add(404, param.notFound);
  if (route.body && 'schema' in route.body && route.body.pipe) {
    add(400, ERR.badRequest);
    add(400, ERR.invalidField('{field}', '{reason}'));
    for (const bad of route.body.pipe.invalid) add(400, pipeAnswer(route.body.schema, bad));
  }
  for (const [status, texts] of Object.entries(route.errors ?? {})) for (const text of texts ?? []) add(Number(status), text);
  if (route.body && 'schema' in route.body) {
    add(400, ERR.badJson);
    add(413, ERR.bodyTooLarge);
  }
  if (route.method !== 'get') add(403, ERR.crossSite);
  // A database error in the request, and any request that comes while the API is stopping; a
  // route whose 503 is an answer of its own (health) documents it there. Routes that read or
  // write the storage list its 503 among their own errors.
  if (!route.answers.some((answer) => answer.status === 503)) {
    add(503, ERR.databaseUnavailable);
    add(503, ERR.serviceUnavailable);
  }
  return byStatus;
}

/** What ZodBodyPipe answers to a bad body: the very text a client gets (the same parseBody). */
function pipeAnswer(schema: z.ZodType, bad: unknown): string {
  const parsed = parseBody(schema, bad);
  if (parsed.ok) throw new Error(`the documented bad body ${JSON.stringify(bad)} is accepted`);
  return parsed.error;
}

function errorObject(texts: string[]): oas.ResponseObject {
  return {
    description: texts.map((text) => `- ${text}`).join('\n'),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ApiError' },
        examples: Object.fromEntries(texts.map((text, i) => [`text${i + 1}`, { summary: text, value: { error: text } }])),
      },
    },
  };
}
