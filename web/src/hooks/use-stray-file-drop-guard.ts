import { useEffect } from 'react';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * A file dropped anywhere but on an upload card would make the browser open or download it,
 * leaving the page and its unsaved item rows behind; such drops are refused instead (the cursor
 * says so). Listeners sit on window, below React's root: a card that took the drop has already
 * called preventDefault, and that drop is left alone. Drags of text (not files) keep their default,
 * so text can still be dragged into a table cell (paste is no drag and is not touched).
 */
export function useStrayFileDropGuard(): void {
  useEffect(() => {
    const onDragOver = (e: DragEvent) => {
      if (e.defaultPrevented || !carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'none';
    };
    const onDrop = (e: DragEvent) => {
      if (!e.defaultPrevented && carriesFiles(e)) e.preventDefault();
    };
    window.addEventListener('dragenter', onDragOver);
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onDragOver);
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
}
