import { HttpException } from '@nestjs/common';

/** An HTTP error whose Russian message is shown to the user as-is. */
export class UserError extends HttpException {
  constructor(status: number, message: string) {
    super({ error: message }, status, { cause: 'user-facing' });
  }
}

export const badRequest = (message: string) => new UserError(400, message);
export const notFound = (message: string) => new UserError(404, message);
export const conflict = (message: string) => new UserError(409, message);
export const unprocessable = (message: string) => new UserError(422, message);
