import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ERR } from '@app/contracts';
import { firstIssue, parseRussian } from '@app/contracts/schemas';
import { badRequest } from './user-error';

/** Validates and normalises a JSON body with a shared zod schema; 400 names the first bad field. */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw badRequest(ERR.badRequest);
    }
    const result = parseRussian(this.schema, value);
    if (!result.success) {
      const { field, message } = firstIssue(result.error);
      throw badRequest(ERR.invalidField(field, message));
    }
    return result.data;
  }
}
