import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { unlink } from 'node:fs/promises';
import { finalize, type Observable } from 'rxjs';

/** Multer writes uploads to a temp file; whatever happens next, that file is removed. */
@Injectable()
export class TempUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { file?: { path?: string } }>();
    return next.handle().pipe(
      finalize(() => {
        const path = req.file?.path;
        if (path) void unlink(path).catch(() => undefined);
      }),
    );
  }
}
