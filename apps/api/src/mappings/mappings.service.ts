import { Injectable } from '@nestjs/common';
import type { Mapping } from '@app/contracts';
import { RulesRepository } from '@app/persistence';

@Injectable()
export class MappingsService {
  constructor(private readonly rules: RulesRepository) {}

  get(): Promise<Mapping> {
    return this.rules.get();
  }

  put(rules: Partial<Mapping>): Promise<Mapping> {
    return this.rules.put(rules);
  }
}
