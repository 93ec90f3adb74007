import { Injectable, Logger } from '@nestjs/common';
import { ERR } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import type { createProfileSchema, updateProfileSchema } from '@app/contracts/schemas';
import { ProfilesRepository, type Actor, type ProfileRefusal, type RuleProfileEntity } from '@app/persistence';
import type { z } from 'zod';
import { badRequest, conflict, notFound, type UserError } from '../common/user-error';
import { toProfile } from './profile.mapper';

/** The user's message for each refusal of the repository. */
const REFUSED: Record<ProfileRefusal, () => UserError> = {
  taken: () => conflict(ERR.profileNameTaken),
  default: () => conflict(ERR.defaultProfileRename),
  'no-source': () => badRequest(ERR.invalidField('copyFrom', ERR.noSuchProfile)),
  stale: () => conflict(ERR.profileChanged),
};

const answer = (result: RuleProfileEntity | ProfileRefusal | null): RuleProfile => {
  if (result === null) throw notFound(ERR.profileNotFound);
  if (typeof result === 'string') throw REFUSED[result]();
  return toProfile(result);
};

@Injectable()
export class ProfilesService {
  private readonly logger = new Logger(ProfilesService.name);

  constructor(private readonly profiles: ProfilesRepository) {}

  async list(): Promise<RuleProfile[]> {
    return (await this.profiles.list()).map(toProfile);
  }

  async get(id: string): Promise<RuleProfile> {
    return answer(await this.profiles.find(id));
  }

  async create(actor: Actor, body: z.output<typeof createProfileSchema>): Promise<RuleProfile> {
    return answer(await this.profiles.create(actor, body.name, body.copyFrom));
  }

  async update(actor: Actor, id: string, body: z.output<typeof updateProfileSchema>): Promise<RuleProfile> {
    return answer(await this.profiles.update(actor, id, body));
  }

  /** Its tasks move to the default profile (their copies of the rules stay as they are). */
  async remove(actor: Actor, id: string): Promise<void> {
    const result = await this.profiles.delete(actor, id);
    if (result === null) throw notFound(ERR.profileNotFound);
    if (result === 'default') throw conflict(ERR.defaultProfileDelete);
    if (result.moved) this.logger.log({ profileId: id, moved: result.moved }, 'profile deleted, its tasks moved to the default');
  }
}
