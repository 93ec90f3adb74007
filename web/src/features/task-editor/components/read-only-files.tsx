import { FILE_KINDS, UI } from '@app/contracts';
import type { FileKind, Task } from '@app/contracts';
import { formatDateTime, formatSize } from '../../../lib/format';
import { taskFileUrl } from '../api/task-editor-api';

const TITLES: Record<FileKind, string> = { price: UI.priceCard, template: UI.templateCard };

/** A viewer's files: each one's name, size and date, to download; nothing to upload. */
export function ReadOnlyFiles({ task }: { task: Task }) {
  return (
    <ul className="file-list">
      {FILE_KINDS.map((kind) => {
        const file = task.files?.[kind] ?? null;
        return (
          <li key={kind} className="file-list__item" data-testid={`file-name-${kind}`}>
            <span className="file-list__kind">{TITLES[kind]}</span>
            {file ? (
              <>
                <a href={taskFileUrl(task.id, kind)} download={file.name}>
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
