/** Rule profiles (DESIGN §10): named sets of rules, shared by the API and the web app. */
import type { Mapping } from './task.contract';

/**
 * The headers the rules were made against, by column number (`{"6": "Цена с НДС"}`), so that a
 * changed file can be noticed; filled when a column is picked from a file.
 */
export interface ProfileHeaders {
  template: Record<string, string>;
  price: Record<string, string>;
}

export const EMPTY_PROFILE_HEADERS: ProfileHeaders = { template: {}, price: {} };

export interface RuleProfile extends Mapping {
  id: string;
  name: string;
  headers: ProfileHeaders;
  /** The one default profile, `Общие правила`: what `/api/mappings/global` reads and writes. */
  isDefault: boolean;
  /** Raised by every change of the rules or headers (not by a rename); a save sends it back. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** `POST /api/profiles`: without `copyFrom` the new profile starts with no rules. */
export interface CreateProfileRequest {
  name: string;
  copyFrom?: string;
}

/**
 * `PUT /api/profiles/{id}`: a part left out keeps its value. `version`: the profile's version the
 * page loaded; a stale one is answered 409 `Профиль изменён в другом окне. Обновите страницу`.
 */
export interface UpdateProfileRequest extends Partial<Mapping> {
  name?: string;
  headers?: Partial<ProfileHeaders>;
  version?: number;
}
