import { PipeTransform } from '@nestjs/common';
import { idParamSchema } from '@app/contracts/schemas';
import { notFound } from './user-error';

/** A malformed id cannot name anything that exists: answer 404 with the given message. */
export class UuidParamPipe implements PipeTransform<string, string> {
  constructor(private readonly message: string) {}

  transform(value: string): string {
    if (!idParamSchema.safeParse(value).success) throw notFound(this.message);
    return value.toLowerCase();
  }
}
