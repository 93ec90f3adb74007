import { UI } from '@app/contracts';
import type { FileKind, HeaderChange, Task, UploadResponse } from '@app/contracts';
import { HeaderChanges } from './header-changes';
import { PriceCard } from './price-card';
import { UploadCard } from './upload-card';
import { ReadOnlyFiles } from './read-only-files';

interface Props {
  task: Task;
  onUploaded: (answer: UploadResponse, kind: FileKind) => void;
  /** The price card's source: a library list, or the task's own file (null). */
  onPriceList: (priceListId: string | null, name: string) => Promise<boolean>;
  /** The template guard's findings, shown under the cards (none: no warning). */
  headerChanges?: readonly HeaderChange[];
  /** Absent: the changes are shown without `Исправить`. */
  onFix?: (change: HeaderChange) => Promise<unknown>;
  /** A viewer's page: the files to download, no upload cards. */
  readOnly?: boolean;
}

const NO_CHANGES: readonly HeaderChange[] = [];

export function FilesSection({ task, onUploaded, onPriceList, headerChanges = NO_CHANGES, onFix, readOnly = false }: Props) {
  return (
    <section className="panel">
      <h2 className="panel__title">{UI.filesSection}</h2>
      {readOnly ? (
        <ReadOnlyFiles task={task} />
      ) : (
        <div className="upload-grid">
          <PriceCard task={task} onUploaded={onUploaded} onPriceList={onPriceList} />
          <UploadCard task={task} kind="template" onUploaded={onUploaded} />
        </div>
      )}
      <p className="note">{UI.sheetNote}</p>
      <HeaderChanges changes={headerChanges} onFix={onFix} />
    </section>
  );
}
