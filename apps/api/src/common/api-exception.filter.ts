import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Inject, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ERR, outageMessage } from '@app/contracts';
import type { AppConfig } from '@app/config';
import { APP_CONFIG } from '@app/config';
import { dropUnreadBody } from './unread-body';
import { UserError } from './user-error';

/**
 * Every error leaves as `{"error": "<Russian message>"}`. Messages of our own exceptions are
 * already user-facing; anything else is logged and replaced, so no stack, SQL or path leaks.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    const { status, message } = this.describe(exception);
    if (status >= 500 && !(exception instanceof UserError)) this.logger.error({ err: exception }, status === 503 ? 'a service is unreachable' : 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    // Answered before its body was read (401, 413, 404…): the rest of it is not read.
    dropUnreadBody(req, res);
    res.status(status).json({ error: message });
  }

  private describe(exception: unknown): { status: number; message: string } {
    // body-parser errors arrive wrapped by the Express adapter; their `type` says what happened.
    const parser = ((exception as { cause?: unknown })?.cause ?? exception) as { type?: string } | undefined;
    if (parser?.type === 'entity.parse.failed') return { status: 400, message: ERR.badJson };
    if (parser?.type === 'entity.too.large') return { status: 413, message: ERR.bodyTooLarge };
    if (!(exception instanceof HttpException)) {
      // A database or storage error in a request (a dropped connection, a released query runner,
      // a server shutting down, a silent storage): 503 naming which, never 500 (DESIGN §15).
      const outage = outageMessage(exception);
      return outage ? { status: 503, message: outage } : { status: 500, message: ERR.internal };
    }

    const status = exception.getStatus();
    const response = exception.getResponse();
    const own = typeof response === 'object' && response !== null ? (response as { error?: unknown }).error : undefined;
    if (typeof own === 'string' && exception.cause === 'user-facing') return { status, message: own };
    // Multer's: the uploaded file passed UPLOAD_MAX_MB.
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) {
      return { status, message: ERR.fileTooLarge(this.config.UPLOAD_MAX_MB) };
    }
    if (status === HttpStatus.NOT_FOUND) return { status, message: ERR.notFound };
    if (status >= 500) return { status, message: ERR.internal };
    return { status, message: ERR.badRequest };
  }
}
