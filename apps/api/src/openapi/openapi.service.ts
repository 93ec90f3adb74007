import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type * as oas from 'openapi3-ts/oas31';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { ERR } from '@app/contracts';
import { notFound } from '../common/user-error';
import { API_ROUTES } from './api-routes';
import { buildOpenApiDocument } from './openapi-document';
import { RouteAccessExplorer } from './route-access';
import { DOCS_HTML, START_SCRIPT, START_SCRIPT_NAME, VIEWER_FILES } from './docs-page';

const VIEWER_MAX_AGE = '1d';

@Injectable()
export class OpenApiService {
  private built?: oas.OpenAPIObject;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly routeAccess: RouteAccessExplorer,
  ) {}

  /** Built once, on the first call: the routes and their schemas do not change while the API runs. */
  document(): oas.OpenAPIObject {
    this.built ??= buildOpenApiDocument(API_ROUTES, this.config, this.routeAccess.explore());
    return this.built;
  }

  sendPage(res: Response): void {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(DOCS_HTML);
  }

  /** One of the viewer's files, or the page's start script; any other name is 404. */
  sendAsset(name: string, res: Response): void {
    if (name === START_SCRIPT_NAME) {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('text/javascript').send(START_SCRIPT);
      return;
    }
    if (!Object.hasOwn(VIEWER_FILES, name)) throw notFound(ERR.notFound);
    res.sendFile(VIEWER_FILES[name], { maxAge: VIEWER_MAX_AGE });
  }
}
