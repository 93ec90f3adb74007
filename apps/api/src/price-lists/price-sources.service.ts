import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import {
  ERR,
  SOURCE_FIELD_ERR,
  SOURCE_RUN_TEXT,
  SOURCE_RUNS_SHOWN,
  type PriceListSource,
  type SourceConnection,
  type SourceRun,
  type SourceTestResult,
} from '@app/contracts';
import type { PutSourceBody } from '@app/contracts/source.schemas';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { PriceListSourcesRepository, SecretBox, type Actor, type PriceListSourceEntity, type SourceSecrets } from '@app/persistence';
import { appSourceLimits, connectionOf, testConnection } from '@app/sources';
import { badRequest, notFound } from '../common/user-error';
import { PriceListsService } from './price-lists.service';
import { SourceSchedules } from '@app/queue';
import { sourceRowOf, toPriceListSource, toSourceRun } from './price-source.mapper';

/**
 * A price list's source (DESIGN §16): set and removed by staff (secrets sealed with SECRETS_KEY,
 * never answered), its schedule kept as a BullMQ job scheduler, a connection test that makes no
 * version, a poll now, and the runs. The polls themselves are the workers'.
 */
@Injectable()
export class PriceSourcesService {
  constructor(
    private readonly lists: PriceListsService,
    private readonly sources: PriceListSourcesRepository,
    private readonly schedules: SourceSchedules,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(listId: string): Promise<PriceListSource> {
    await this.lists.get(listId);
    const source = await this.sources.find(listId);
    if (!source) throw notFound(SOURCE_FIELD_ERR.noSource);
    return this.answer(source);
  }

  async set(actor: Actor, listId: string, body: PutSourceBody): Promise<PriceListSource> {
    await this.lists.get(listId);
    if (body.cron) checkCron(body.cron, body.timezone);
    const before = await this.sources.find(listId);
    const kept = before?.secrets && before.kind === body.kind ? this.open(before.secrets) : {};
    const secrets = mergeSecrets(kept, body);
    if (body.kind === 'mailbox' && !secrets.password) throw badRequest(ERR.invalidField('password', SOURCE_FIELD_ERR.required));
    const hasSecret = Boolean(secrets.password || secrets.token);
    if (hasSecret && !this.secrets.hasKey) throw badRequest(SOURCE_FIELD_ERR.secretsKeyMissing);
    const row = sourceRowOf(body, hasSecret ? this.secrets.seal(secrets) : null, { password: Boolean(secrets.password), token: Boolean(secrets.token) });
    const audit = { kind: body.kind, where: body.kind === 'url' ? body.url : `${body.host}/${body.folder || 'INBOX'}`, everyMinutes: row.everyMinutes, cron: row.cron, timezone: row.timezone };
    const saved = await this.sources.set(actor, listId, row, audit);
    if (!saved) throw notFound(ERR.notFound);
    await this.schedules.set(saved);
    return this.answer(saved);
  }

  async remove(actor: Actor, listId: string): Promise<void> {
    await this.lists.get(listId);
    if (!(await this.sources.remove(actor, listId))) throw notFound(SOURCE_FIELD_ERR.noSource);
    await this.schedules.remove(listId);
  }

  /** The connection tried with the settings sent (a secret left out: the stored one), or the stored source. No version is made. */
  async test(listId: string, body: PutSourceBody | undefined): Promise<SourceTestResult> {
    await this.lists.get(listId);
    const stored = await this.sources.find(listId);
    let connection: SourceConnection;
    if (body) {
      const kept = stored?.secrets && stored.kind === body.kind ? this.open(stored.secrets) : {};
      connection = connectionOf(sourceRowOf(body, null, { password: false, token: false }), mergeSecrets(kept, body));
    } else {
      if (!stored) throw notFound(SOURCE_FIELD_ERR.noSource);
      connection = connectionOf(stored, stored.secrets ? this.open(stored.secrets) : {});
    }
    return testConnection(connection, appSourceLimits(this.config.UPLOAD_MAX_MB * 2 ** 20, this.config.SOURCE_ALLOW_PRIVATE, this.config.SOURCE_TIMEOUT_MS));
  }

  /** `Проверить сейчас`: a poll queued at once (202); its run shows in the runs. */
  async run(actor: Actor, listId: string): Promise<void> {
    await this.lists.get(listId);
    if (!(await this.sources.find(listId))) throw notFound(SOURCE_FIELD_ERR.noSource);
    await this.schedules.runNow(listId, actor.id, `source-run-${listId}-${randomUUID()}`);
  }

  async runs(listId: string): Promise<SourceRun[]> {
    await this.lists.get(listId);
    return (await this.sources.runs(listId, SOURCE_RUNS_SHOWN)).map(toSourceRun);
  }

  private async answer(source: PriceListSourceEntity): Promise<PriceListSource> {
    return toPriceListSource(source, await this.schedules.nextRunAt(source.priceListId));
  }

  /** The stored secrets; a key that is missing or changed since they were sealed is the user's 400, not a 500. */
  private open(sealed: string): SourceSecrets {
    if (!this.secrets.hasKey) throw badRequest(SOURCE_FIELD_ERR.secretsKeyMissing);
    try {
      return this.secrets.open(sealed);
    } catch {
      throw badRequest(SOURCE_RUN_TEXT.secretsUnreadable);
    }
  }
}

/** The stored secrets with the body's changes: left out keeps, null removes, a text replaces. */
function mergeSecrets(kept: SourceSecrets, body: PutSourceBody): SourceSecrets {
  const out: SourceSecrets = {};
  const password = body.password === undefined ? kept.password : body.password;
  const token = body.token === undefined ? kept.token : body.token;
  if (password) out.password = password;
  if (token && body.kind === 'url') out.token = token;
  return out;
}

/** cron-parser's reading of the expression, as the schedulers will read it: a 400 naming `cron` when it cannot. */
function checkCron(cron: string, timezone: string): void {
  try {
    CronExpressionParser.parse(cron, { tz: timezone || undefined });
  } catch {
    throw badRequest(ERR.invalidField('cron', SOURCE_FIELD_ERR.cron));
  }
}
