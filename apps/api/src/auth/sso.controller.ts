import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_ERR } from '@app/contracts';
import { notFound } from '../common/user-error';
import { Public } from './access.decorators';
import { SsoService } from './sso.service';

@Controller('api/auth/oidc')
@Public()
export class SsoController {
  constructor(private readonly sso: SsoService) {}

  @Get('start')
  start(@Req() req: Request, @Res() res: Response, @Query('next') next: unknown): Promise<void> {
    if (!this.sso.enabled) throw notFound(AUTH_ERR.ssoNotConfigured);
    return this.sso.start(req, res, next);
  }

  @Get('callback')
  callback(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.sso.enabled) throw notFound(AUTH_ERR.ssoNotConfigured);
    return this.sso.callback(req, res);
  }
}
