import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { accessOf, type Access } from '../auth/access.decorators';
import { routeKey, type RouteAccess } from './route-doc';

const asList = (path: unknown): string[] => (Array.isArray(path) ? path : [path ?? '']).map(String);

/** Nest's `api/tasks/:id` and `upload/:kind` → `/api/tasks/{id}/upload/{kind}`. */
function openApiPath(controller: string, handler: string): string {
  const joined = `/${controller}/${handler}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return joined.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/**
 * Reads the access decorators of every handler the app serves, as AccessGuard does (the same
 * accessOf), so that the OpenAPI document's 401 and 403 answers follow the code and cannot drift.
 */
@Injectable()
export class RouteAccessExplorer {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  explore(): RouteAccess {
    const access = new Map<string, Access>();
    for (const { instance, metatype } of this.discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, Function>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        for (const base of asList(Reflect.getMetadata(PATH_METADATA, metatype))) {
          for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
            access.set(routeKey(RequestMethod[method], openApiPath(base, path)), accessOf(this.reflector, handler, metatype));
          }
        }
      }
    }
    return access;
  }
}
