import { Injectable } from '@nestjs/common';
import { PRICE_LIST_ERR, type PriceList } from '@app/contracts';
import type { createPriceListSchema, patchPriceListSchema } from '@app/contracts/price-list.schemas';
import { PriceListsRepository, type Actor, type PriceListChange, type PriceListRefusal, type PriceListRow } from '@app/persistence';
import type { z } from 'zod';
import { conflict, notFound } from '../common/user-error';
import { toPriceList } from './price-list.mapper';

const answer = (result: PriceListRow | PriceListRefusal | null): PriceList => {
  if (result === null) throw notFound(PRICE_LIST_ERR.notFound);
  if (result === 'taken') throw conflict(PRICE_LIST_ERR.nameTaken);
  if (result === 'changed') throw conflict(PRICE_LIST_ERR.changed);
  return toPriceList(result);
};

/** The library of price lists (DESIGN §12): the lists and their own settings (§16); their files are PriceVersionsService's. */
@Injectable()
export class PriceListsService {
  constructor(private readonly lists: PriceListsRepository) {}

  async list(): Promise<PriceList[]> {
    return (await this.lists.list()).map(toPriceList);
  }

  async get(id: string): Promise<PriceList> {
    return answer(await this.lists.find(id));
  }

  async create(actor: Actor, body: z.output<typeof createPriceListSchema>): Promise<PriceList> {
    return answer(await this.lists.create(actor, body.name));
  }

  async update(actor: Actor, id: string, body: z.output<typeof patchPriceListSchema>): Promise<PriceList> {
    return answer(await this.lists.update(actor, id, body as PriceListChange));
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const result = await this.lists.delete(actor, id);
    if (result === false) throw notFound(PRICE_LIST_ERR.notFound);
    if (result !== true) throw conflict(PRICE_LIST_ERR.inUse(result.inUse));
  }
}
