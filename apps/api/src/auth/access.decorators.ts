import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Role } from '@app/contracts';
import type { Principal } from '@app/persistence';

export const ACCESS = 'pe:access';

export interface Access {
  /** Anyone, signed in or not (health, sign-in). */
  public?: boolean;
  /** The least role the call needs. */
  role?: Role;
  /** Allowed while the password is temporary (the /api/auth/* calls). */
  temporaryOk?: boolean;
}

/**
 * The one line a controller or handler says who may call it (AccessGuard reads it; the handler's
 * word wins over its class's). A route that says nothing is for admins only: forgetting it fails closed.
 */
export const RequireRole = (role: Role) => SetMetadata(ACCESS, { role } satisfies Access);
export const Public = () => SetMetadata(ACCESS, { public: true } satisfies Access);
/** Any signed-in user, even one who must still change a temporary password. */
export const SignedIn = () => SetMetadata(ACCESS, { role: 'viewer', temporaryOk: true } satisfies Access);

/**
 * Who may call a handler, as AccessGuard enforces it and the OpenAPI document tells it: the
 * handler's word over its class's; a route that says nothing is for admins only.
 */
export function accessOf(reflector: Reflector, handler: Function, controller: Function): Access & { role: Role } {
  const access = reflector.getAllAndOverride<Access | undefined>(ACCESS, [handler, controller]) ?? {};
  return { ...access, role: access.role ?? 'admin' };
}

export interface RequestWithPrincipal {
  principal?: Principal;
}

/** The signed-in user of the call, as AccessGuard found them. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal) throw new Error('CurrentUser on a route without a signed-in user');
  return principal;
});
