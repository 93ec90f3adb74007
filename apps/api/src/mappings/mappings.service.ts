import { Injectable } from '@nestjs/common';
import type { Mapping } from '@app/contracts';
import { RulesRepository, type Actor } from '@app/persistence';

@Injectable()
export class MappingsService {
  constructor(private readonly rules: RulesRepository) {}

  get(): Promise<Mapping> {
    return this.rules.get();
  }

  put(actor: Actor, rules: Partial<Mapping>): Promise<Mapping> {
    return this.rules.put(actor, rules);
  }
}
