import { useId } from 'react';
import { PRICE_SOURCE_UI } from '@app/contracts';
import type { ScheduleKind, SourceDraft } from '../lib/source-draft';
import { SourceField } from './source-field';

const T = PRICE_SOURCE_UI;
const KINDS: ScheduleKind[] = ['none', 'every', 'cron'];

interface Props {
  draft: SourceDraft;
  onEdit: (patch: Partial<SourceDraft>) => void;
}

/** How often the source is polled by itself: only by hand, every N minutes (5–1440), or a cron expression in a time zone. */
export function SourceScheduleFields({ draft, onEdit }: Props) {
  const id = useId();
  return (
    <>
      <div className="price-settings__row">
        <label htmlFor={`${id}-schedule`}>{T.schedule}</label>
        <select id={`${id}-schedule`} className="select" value={draft.schedule} onChange={(e) => onEdit({ schedule: e.target.value as ScheduleKind })}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {T.schedules[k]}
            </option>
          ))}
        </select>
      </div>
      {draft.schedule === 'every' ? (
        <SourceField label={T.everyMinutes} type="number" min={5} max={1440} step={1} value={draft.everyMinutes} onValue={(everyMinutes) => onEdit({ everyMinutes })} />
      ) : null}
      {draft.schedule === 'cron' ? (
        <>
          <SourceField label={T.cron} maxLength={100} value={draft.cron} placeholder={T.cronPlaceholder} onValue={(cron) => onEdit({ cron })} />
          <SourceField label={T.timezone} maxLength={64} value={draft.timezone} placeholder="Europe/Moscow" onValue={(timezone) => onEdit({ timezone })} />
        </>
      ) : null}
    </>
  );
}
