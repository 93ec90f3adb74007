import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AUTH_ERR, roleAtLeast } from '@app/contracts';
import { UserError } from '../common/user-error';
import { accessOf, type RequestWithPrincipal } from './access.decorators';
import { PrincipalResolver } from './principal-resolver';

/**
 * Global: every route needs a signed-in user (401 `Войдите в систему`) of the role it names
 * (403 `Недостаточно прав`), unless it is Public; a temporary password allows only SignedIn routes
 * (403 `Смените временный пароль`). DESIGN §13.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly principals: PrincipalResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = accessOf(this.reflector, context.getHandler(), context.getClass());
    if (access.public) return true;
    const req = context.switchToHttp().getRequest<Request & RequestWithPrincipal>();
    const principal = await this.principals.resolve(req);
    if (!principal) throw new UserError(401, AUTH_ERR.signInRequired);
    req.principal = principal;
    if (principal.mustChangePassword && !access.temporaryOk) throw new UserError(403, AUTH_ERR.mustChangePassword);
    if (!roleAtLeast(principal.role, access.role)) throw new UserError(403, AUTH_ERR.forbidden);
    return true;
  }
}
