import { FILE_KINDS, PRICE_LIST_UI, UI } from '@app/contracts';
import type { FileKind, Task } from '@app/contracts';
import { formatDate, formatDateTime, formatSize } from '../../../lib/format';
import { priceVersionFileUrl } from '../../price-lists/api/price-lists-api';
import { taskFileUrl } from '../api/task-editor-api';
import { FILE_TITLES } from './upload-card';

/** Where a viewer downloads the file: a followed list's current version, else the task's own upload. */
function fileUrl(task: Task, kind: FileKind): string {
  const current = kind === 'price' ? task.priceList?.current : null;
  return task.priceListId && current ? priceVersionFileUrl(task.priceListId, current.id) : taskFileUrl(task.id, kind);
}

/** A viewer's files: each one's name, size and date, to download; nothing to upload. */
export function ReadOnlyFiles({ task }: { task: Task }) {
  return (
    <ul className="file-list">
      {FILE_KINDS.map((kind) => {
        const file = task.files?.[kind] ?? null;
        const list = kind === 'price' ? task.priceList : null;
        return (
          <li key={kind} className="file-list__item" data-testid={`file-name-${kind}`}>
            <span className="file-list__kind">{FILE_TITLES[kind]}</span>
            {list ? (
              <span>
                {list.name}
                {list.current ? ` · ${PRICE_LIST_UI.versionOf(formatDate(list.current.uploadedAt))}` : ''}
              </span>
            ) : null}
            {file ? (
              <>
                <a href={fileUrl(task, kind)} download={file.name}>
                  {file.name}
                </a>
                <span className="upload-card__file-meta">
                  {formatSize(file.size)} · {formatDateTime(file.uploadedAt)}
                </span>
              </>
            ) : (
              <span className="note">{UI.fileNotChosen}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
