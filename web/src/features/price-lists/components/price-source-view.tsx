import { Fragment } from 'react';
import { PRICE_SOURCE_UI } from '@app/contracts';
import type { PriceListSource } from '@app/contracts';

const T = PRICE_SOURCE_UI;

/** A source as a viewer reads it: where it is fetched from and how often; of the secrets, only that one is kept. */
export function PriceSourceView({ source }: { source: PriceListSource }) {
  const rows: [string, string | null][] =
    source.kind === 'url'
      ? [
          [T.url, source.url],
          [T.login, source.login],
          [T.password, source.hasPassword ? T.secretKept : null],
          [T.token, source.hasToken ? T.secretKept : null],
        ]
      : [
          [T.host, source.port ? `${source.host}:${source.port}` : source.host],
          [T.login, source.login],
          [T.folder, source.folder],
          [T.from, source.from],
          [T.subjectContains, source.subjectContains],
          [T.fileName, source.fileName],
          [T.processedFolder, source.processedFolder],
        ];
  const schedule = source.everyMinutes ? `${T.everyMinutes} ${source.everyMinutes}` : source.cron ? `${source.cron} (${source.timezone ?? ''})` : T.schedules.none;

  return (
    <dl className="price-settings__view" data-testid="price-source-view">
      <dt>{T.kind}</dt>
      <dd>{T.kinds[source.kind]}</dd>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      <dt>{T.schedule}</dt>
      <dd>{schedule}</dd>
    </dl>
  );
}
