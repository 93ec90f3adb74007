import type { z } from 'zod';
import type * as oas from 'openapi3-ts/oas31';
import type { AppConfig } from '@app/config';
import { CHECK_UI, DEFAULT_PROFILE_NAME, ERR, UI } from '@app/contracts';
import { fileKindParamSchema, idParamSchema } from '@app/contracts/schemas';
import type { Access } from '../auth/access.decorators';

/**
 * One route of the HTTP API as the OpenAPI document describes it. Each feature lists its routes
 * in its own `<feature>.openapi.ts`, next to its controller; `api-routes.ts` gathers the lists.
 * Schemas are the zod schemas that validate the requests and describe the answers; texts are the
 * contracts' messages, never retyped.
 */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI's form: `/api/tasks/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description?: string;
  /** Path parameters by name, as `{name}` stands in `path`. */
  params?: Record<string, PathParam>;
  /** The query's schema: each property is one query parameter. */
  query?: z.ZodObject;
  body?: JsonBody | MultipartBody;
  /** What a request that succeeds gets (and health's 503, which is an answer, not an error). */
  answers: Answer[];
  /**
   * The route's own error texts by status; the builder adds the ones every route shares, and those
   * of who may call it (401, 403), read from the handler's access decorators.
   */
  errors?: Partial<Record<number, ErrorText[]>>;
}

/** A message's variable part as the document shows it, `{name}`: the client gets a value there. */
export const placeholder = <T extends string | number>(name: string): T => `{${name}}` as T;

/** A message, or one made from the API's settings (the upload limit). */
export type ErrorText = string | ((config: AppConfig) => string);

export interface PathParam {
  schema: z.ZodType;
  description: string;
  /** The 404 text for a value that names nothing. */
  notFound: string;
}

export interface JsonBody {
  schema: z.ZodType;
  example?: unknown;
  /**
   * Validated by ZodBodyPipe: the document lists the pipe's answers, `Поле «{field}»: {reason}`
   * naming the first bad field, and as examples its answer to each of these bad bodies (run
   * through the pipe when the document is built, so the texts are the API's own).
   */
  pipe?: { invalid: unknown[] };
}

export interface MultipartBody {
  multipart: oas.SchemaObject;
}

export interface Answer {
  status: number;
  description: string;
  /** A JSON answer: a schema of the contracts' RESPONSE_SCHEMAS, or made of them. */
  json?: z.ZodType;
  /** Anything else: its media types (a file, a page). */
  media?: string[];
  /** Response headers: name → meaning. */
  headers?: Record<string, string>;
}

/** The document's groups, in the order the reference page shows them. */
export const API_TAGS = {
  tasks: 'Tasks: a price list, a template and items per retail chain\'s upload',
  files: "A task's two files: upload, download, their columns",
  exports: `«${UI.generate}» and the export history`,
  checks: `«${CHECK_UI.check}»: the export as it would be written, and its warnings`,
  batches: 'Batches: one export or check over many tasks at once',
  mail: 'E-mail: each chain gets its file once, with a delivery log; followers of a price list are told (DESIGN §17)',
  priceLists: 'The library of price lists: versions that tasks follow, compared and held by the guard before they are used (DESIGN §12, §16)',
  priceSources: 'Where a price list arrives from by itself: an address or a mailbox, polled on a schedule (DESIGN §16)',
  guard: 'The template guard: headers that changed since the rules were made',
  rules: `Rule profiles and the default rules («${DEFAULT_PROFILE_NAME}»)`,
  auth: 'Signing in and out, one\'s own account and personal tokens',
  users: 'Users and their roles (admins)',
  audit: 'The audit log: who changed what, and when',
  health: 'Health',
  docs: 'This document and its reference page',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** `{id}` of the task routes. */
export const taskIdParam: PathParam = { schema: idParamSchema, description: "the task's id", notFound: ERR.taskNotFound };

/** `{kind}` of a task's file routes. */
export const fileKindParam: PathParam = {
  schema: fileKindParamSchema,
  description: '`price` (the price list) or `template` (the export template)',
  notFound: ERR.notFound,
};

/** Who may call each route, by `routeKey`: what the handlers' access decorators say (RouteAccessExplorer). */
export type RouteAccess = ReadonlyMap<string, Access>;

/** `GET /api/tasks/{id}`: a route's method and its path in OpenAPI's form. */
export const routeKey = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
