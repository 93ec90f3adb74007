import { PRICE_LIST_UI, UI } from '@app/contracts';
import type { FileKind, Task, UploadResponse } from '@app/contracts';
import { formatDate, formatDateTime, formatSize } from '../../../lib/format';
import { priceVersionFileUrl } from '../../price-lists/api/price-lists-api';
import { usePriceLists } from '../../price-lists/hooks/use-price-lists';
import { PriceSourceSelect } from './price-source-select';
import { FILE_TITLES, UploadCard } from './upload-card';

interface Props {
  task: Task;
  onUploaded: (answer: UploadResponse, kind: FileKind) => void;
  onPriceList: (priceListId: string | null, name: string) => Promise<boolean>;
}

/**
 * The price card: the task's own file (today's upload card) or a list from the library, then shown
 * by its name and current version instead of the upload area.
 */
export function PriceCard({ task, onUploaded, onPriceList }: Props) {
  const { lists } = usePriceLists();
  const select = <PriceSourceSelect task={task} lists={lists} onChange={onPriceList} />;
  if (!task.priceListId) return <UploadCard task={task} kind="price" onUploaded={onUploaded} extra={select} />;

  const current = task.priceList?.current ?? null;
  return (
    <section className="upload-card" data-kind="price" data-source="list" aria-label={FILE_TITLES.price}>
      <header className="upload-card__header">
        <h3 className="upload-card__title">{FILE_TITLES.price}</h3>
        <span className={current ? 'badge badge--ok' : 'badge'}>{current ? UI.fileChosen : UI.fileNotChosen}</span>
      </header>
      {select}
      <div className="price-follow" data-testid="price-follow">
        <p className="price-follow__name">{task.priceList?.name ?? UI.loading}</p>
        <p className="price-follow__version" data-testid="price-follow-version">
          {current ? PRICE_LIST_UI.versionOf(formatDate(current.uploadedAt)) : PRICE_LIST_UI.noCurrent}
        </p>
        {current ? (
          <p className="upload-card__file">
            <a className="upload-card__file-name" href={priceVersionFileUrl(task.priceListId, current.id)} download={current.name}>
              {current.name}
            </a>
            <span className="upload-card__file-meta">
              {formatSize(current.size)} · {formatDateTime(current.uploadedAt)}
            </span>
          </p>
        ) : null}
      </div>
    </section>
  );
}
