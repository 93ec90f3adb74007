import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { TOAST, UI } from '@app/contracts';
import type { FileKind, Task, UploadResponse } from '@app/contracts';
import { FileDropZone } from '../../../components/file-drop-zone';
import { useFileDrop } from '../../../hooks/use-file-drop';
import { serverMessageOf } from '../../../lib/api-client';
import { formatDateTime, formatSize } from '../../../lib/format';
import { useTasks } from '../../tasks/hooks/tasks-context';
import { uploadTaskFile } from '../api/task-editor-api';

export const FILE_TITLES: Record<FileKind, string> = { price: UI.priceCard, template: UI.templateCard };
/** A price list may also be a CSV (suppliers' 1C and shops send them); a template is a workbook. */
const ACCEPT: Record<FileKind, string> = { price: '.xlsx,.csv', template: '.xlsx' };
const HINTS: Record<FileKind, string> = { price: UI.dropHintPrice, template: UI.dropHint };

interface Props {
  task: Task;
  kind: FileKind;
  /** The upload's answer (the task, and the guard's findings): the page shows it at once, the sidebar list is refetched. */
  onUploaded: (answer: UploadResponse, kind: FileKind) => void;
  /** Shown under the card's title (the price card's choice of source). */
  extra?: ReactNode;
}

/**
 * One upload card: a badge for whether the task has the file, a drop zone that also opens the file
 * picker (.xlsx, and .csv on the price card; a dropped file is not checked), and the chosen file's
 * name. The whole card takes a dropped file: a drop that misses the dashed zone by a few pixels
 * still means this card.
 */
export function UploadCard({ task, kind, onUploaded, extra }: Props) {
  const { refresh } = useTasks();
  const stored = task.files?.[kind] ?? null;
  const [fileName, setFileName] = useState<string | null>(stored?.name ?? null);
  const [uploading, setUploading] = useState(false);

  // A fresher copy of the task (after an upload or a reload) brings the stored name.
  useEffect(() => {
    if (stored?.name) setFileName(stored.name);
  }, [stored?.name, stored?.uploadedAt]);

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    setFileName(file.name);
    setUploading(true);
    try {
      onUploaded(await uploadTaskFile(task.id, kind, file), kind);
      toast.success(TOAST.uploaded, { description: file.name });
      await refresh();
    } catch (e) {
      setFileName(null);
      toast.error(TOAST.uploadFailed, { description: serverMessageOf(e) });
    } finally {
      setUploading(false);
    }
  };
  const { dragOver, handlers } = useFileDrop((file) => void upload(file));

  const chosen = !!stored;
  const classes = ['upload-card', dragOver ? 'upload-card--over' : '', uploading ? 'upload-card--busy' : ''].join(' ').trim();
  return (
    <section className={classes} data-kind={kind} aria-label={FILE_TITLES[kind]} {...handlers}>
      <header className="upload-card__header">
        <h3 className="upload-card__title">{FILE_TITLES[kind]}</h3>
        <span className={chosen ? 'badge badge--ok' : 'badge'}>{chosen ? UI.fileChosen : UI.fileNotChosen}</span>
      </header>
      {extra}
      <FileDropZone text={uploading ? UI.uploading : HINTS[kind]} accept={ACCEPT[kind]} onFile={(file) => void upload(file)} />
      <p className="upload-card__file" data-testid={`file-name-${kind}`}>
        {fileName ? <span className="upload-card__file-name">{fileName}</span> : null}
        {fileName && stored && stored.name === fileName ? (
          <span className="upload-card__file-meta">
            {formatSize(stored.size)} · {formatDateTime(stored.uploadedAt)}
          </span>
        ) : null}
      </p>
    </section>
  );
}
