import { PipeTransform } from '@nestjs/common';
import { notFound } from './user-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id cannot name anything that exists: answer 404 with the given message. */
export class UuidParamPipe implements PipeTransform<string, string> {
  constructor(private readonly message: string) {}

  transform(value: string): string {
    if (!UUID.test(value)) throw notFound(this.message);
    return value.toLowerCase();
  }
}
