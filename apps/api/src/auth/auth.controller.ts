import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_ERR, type ApiTokenInfo, type AuthOptions, type CreatedApiToken, type MeResponse } from '@app/contracts';
import { changePasswordSchema, createTokenSchema, signInSchema } from '@app/contracts/auth.schemas';
import { patchMeSchema } from '@app/contracts/delivery.schemas';
import type { Principal } from '@app/persistence';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { CurrentUser, Public, SignedIn } from './access.decorators';
import { AuthService } from './auth.service';
import { toUser } from './user.mapper';
import { SsoService } from './sso.service';

const tokenId = new UuidParamPipe(AUTH_ERR.tokenNotFound);

@Controller('api/auth')
@SignedIn()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sso: SsoService,
  ) {}

  @Get('options')
  @Public()
  options(): AuthOptions {
    return this.sso.options();
  }

  @Post('sign-in')
  @Public()
  @HttpCode(200)
  signIn(@Body(new ZodBodyPipe(signInSchema)) body: never, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeResponse> {
    return this.auth.signIn(body, req, res);
  }

  @Post('sign-out')
  @Public()
  @HttpCode(204)
  signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.auth.signOut(req, res);
  }

  @Get('me')
  me(@CurrentUser() user: Principal): MeResponse {
    return { user: toUser(user) };
  }

  @Patch('me')
  patchMe(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(patchMeSchema)) body: { email: string | null }): Promise<MeResponse> {
    return this.auth.setOwnEmail(user, body.email);
  }

  @Post('password')
  @HttpCode(200)
  password(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(changePasswordSchema)) body: never, @Req() req: Request): Promise<MeResponse> {
    return this.auth.changePassword(user, body, req);
  }

  @Get('tokens')
  tokens(@CurrentUser() user: Principal): Promise<ApiTokenInfo[]> {
    return this.auth.listTokens(user);
  }

  @Post('tokens')
  createToken(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(createTokenSchema)) body: { name: string }): Promise<CreatedApiToken> {
    return this.auth.createToken(user, body.name);
  }

  @Delete('tokens/:id')
  @HttpCode(204)
  revokeToken(@CurrentUser() user: Principal, @Param('id', tokenId) id: string): Promise<void> {
    return this.auth.revokeToken(user, id);
  }
}
