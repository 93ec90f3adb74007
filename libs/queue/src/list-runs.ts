import { AUTOMATIC_USER_ID, type OnNewVersion } from '@app/persistence';
import type { BatchStarter } from './batch-starter';

/** What a list says about running by itself (DESIGN §16). */
export interface ListRunSettings {
  id: string;
  onNewVersion: OnNewVersion;
  deliver: boolean;
}

/**
 * A list's run by itself (DESIGN §16): when a version becomes current — compared and passed, or
 * accepted — a batch of the list's `onNewVersion` action over the tasks that follow it starts, as
 * the built-in user `Автоматически`. Called by whoever made the version current: the worker's
 * comparison, the API's `Принять`, a list's first version. With the list's `deliver`, each file is
 * sent to its task's recipients as it is made (DESIGN §17).
 */
export class ListRuns {
  constructor(
    private readonly starter: BatchStarter,
    private readonly followers: (listId: string) => Promise<string[]>,
  ) {}

  /** The batch's id, or null when the list does nothing by itself or no task follows it. */
  async versionBecameCurrent(list: ListRunSettings, versionId: string): Promise<string | null> {
    if (list.onNewVersion === 'none') return null;
    const taskIds = await this.followers(list.id);
    if (!taskIds.length) return null;
    const start = { deliver: list.deliver, reason: 'new-version' as const, versionId, priceListId: list.id };
    const { id } = await this.starter.start({ id: AUTOMATIC_USER_ID }, { action: list.onNewVersion, taskIds }, start);
    return id;
  }
}
