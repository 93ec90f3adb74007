import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseBody } from '@app/contracts/schemas';
import { badRequest } from './user-error';

/** Validates and normalises a JSON body with a shared zod schema; 400 names the first bad field. */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const parsed = parseBody(this.schema, value);
    if (!parsed.ok) throw badRequest(parsed.error);
    return parsed.data;
  }
}
