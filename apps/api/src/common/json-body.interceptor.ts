import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { JSON_BODY_LIMITS } from '@app/contracts';
import { accessOf } from '../auth/access.decorators';
import { BodyRefused, NO_JSON_BODY, readJsonBody } from './json-body';
import { UserError } from './user-error';

const BODY_LIMIT = 'pe:body-limit';

/** The most bytes of JSON a handler reads, when it needs more than JSON_BODY_LIMITS gives its kind of call. */
export const BodyLimit = (bytes: number) => SetMetadata(BODY_LIMIT, bytes);

/**
 * Reads the JSON body of every API call, after AccessGuard has found who is calling (DESIGN §15):
 * a call without a session or token is answered 401 before a byte of its body is read, and a
 * body larger than its handler's limit is refused with 413 (readJsonBody): 4 KB for a call anyone
 * may make (sign-in), 1 MB for the others, unless the handler says more (the task save).
 * Interceptors run before pipes, so ZodBodyPipe and @Body() see the parsed body.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const read = readJsonBody(req, this.limitOf(context)).catch((error: unknown) => {
      throw error instanceof BodyRefused ? new UserError(error.status, error.message) : error;
    });
    return from(read).pipe(
      mergeMap((body) => {
        if (body !== NO_JSON_BODY) req.body = body;
        return next.handle();
      }),
    );
  }

  private limitOf(context: ExecutionContext): number {
    const [handler, controller] = [context.getHandler(), context.getClass()];
    const own = this.reflector.getAllAndOverride<number | undefined>(BODY_LIMIT, [handler, controller]);
    if (own !== undefined) return own;
    return accessOf(this.reflector, handler, controller).public ? JSON_BODY_LIMITS.public : JSON_BODY_LIMITS.other;
  }
}
