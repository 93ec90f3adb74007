import { useRef } from 'react';

interface Props {
  /** What the zone says (the hint, or `Загрузка…` while a file goes up). */
  text: string;
  /** The file picker's `accept`. */
  accept: string;
  onFile: (file: File | undefined) => void;
}

/**
 * The dashed zone of an upload card: a click or Enter/Space opens the file picker; the chosen file
 * is handed on and the picker cleared, so the same file can be chosen again. Drops are taken by
 * the card around it (useFileDrop).
 */
export function FileDropZone({ text, accept, onFile }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <div
        className="upload-card__drop"
        role="button"
        tabIndex={0}
        onClick={() => inputRef.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            inputRef.current?.click();
          }
        }}
      >
        <span className="upload-card__icon" aria-hidden="true">⇪</span>
        <span>{text}</span>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          onFile(file);
        }}
      />
    </>
  );
}
