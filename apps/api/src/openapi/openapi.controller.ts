import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import type * as oas from 'openapi3-ts/oas31';
import { RequireRole } from '../auth/access.decorators';
import { OpenApiService } from './openapi.service';

/** The document and its reference page: for signed-in users, like the routes they describe. */
@Controller('api')
@RequireRole('viewer')
export class OpenApiController {
  constructor(private readonly openapi: OpenApiService) {}

  @Get('openapi.json')
  @Header('Cache-Control', 'no-cache')
  document(): oas.OpenAPIObject {
    return this.openapi.document();
  }

  @Get('docs')
  page(@Res() res: Response): void {
    this.openapi.sendPage(res);
  }

  @Get('docs/:asset')
  asset(@Param('asset') asset: string, @Res() res: Response): void {
    this.openapi.sendAsset(asset, res);
  }
}
