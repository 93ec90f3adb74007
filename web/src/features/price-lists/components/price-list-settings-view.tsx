import { PRICE_SETTINGS_UI, columnLetter } from '@app/contracts';
import type { PriceList } from '@app/contracts';
import { GUARD_FIELDS } from '../lib/settings-draft';

const T = PRICE_SETTINGS_UI;

/** A list's settings as a viewer reads them: the same labels as the form, the values as text. */
export function PriceListSettingsView({ list }: { list: PriceList }) {
  const guard = list.guard;
  const compare = list.compare;
  const keys = compare ? [compare.keyColumns.ma, compare.keyColumns.gm].filter((c) => c > 0).map(columnLetter).join(', ') : '';
  const values = compare ? compare.valueColumns.map((c) => (compare.headers?.[String(c)] ? `${columnLetter(c)} (${compare.headers[String(c)]})` : columnLetter(c))).join(', ') : '';

  return (
    <dl className="price-settings__view" data-testid="price-list-settings">
      <dt>{T.onNewVersion}</dt>
      <dd>{T.onNewVersionOptions[list.onNewVersion] ?? list.onNewVersion}</dd>
      <dt>{T.deliver}</dt>
      <dd>{list.deliver ? T.yes : T.no}</dd>
      <dt>{T.guard}</dt>
      <dd>
        <ul className="price-settings__list">
          {GUARD_FIELDS.map((field) => (
            <li key={field}>
              {T[field]} {guard[field]}
            </li>
          ))}
        </ul>
      </dd>
      <dt>{T.compare}</dt>
      <dd>{compare ? T.compareColumns(keys, values) : T.compareAuto}</dd>
    </dl>
  );
}
