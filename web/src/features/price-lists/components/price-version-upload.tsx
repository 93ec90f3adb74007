import { PRICE_LIST_UI, UI } from '@app/contracts';
import { FileDropZone } from '../../../components/file-drop-zone';
import { useFileDrop } from '../../../hooks/use-file-drop';

interface Props {
  uploading: boolean;
  onFile: (file: File | undefined) => void;
}

/** `Загрузить новую версию`: the task page's upload card, for a list (xlsx or CSV, dropped or chosen). */
export function PriceVersionUpload({ uploading, onFile }: Props) {
  const { dragOver, handlers } = useFileDrop(onFile);
  const classes = ['upload-card', dragOver ? 'upload-card--over' : '', uploading ? 'upload-card--busy' : ''].join(' ').trim();
  return (
    <section className={classes} aria-label={PRICE_LIST_UI.uploadVersion} data-testid="price-version-upload" {...handlers}>
      <header className="upload-card__header">
        <h3 className="upload-card__title">{PRICE_LIST_UI.uploadVersion}</h3>
      </header>
      <FileDropZone text={uploading ? UI.uploading : UI.dropHintPrice} accept=".xlsx,.csv" onFile={onFile} />
    </section>
  );
}
