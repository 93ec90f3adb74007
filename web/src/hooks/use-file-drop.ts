import { useState } from 'react';
import type { DragEvent } from 'react';

/**
 * Drag-and-drop of one file onto an element (an upload card): whether a file is over it, and the
 * handlers to spread on it. Moving between the element's own children fires dragleave too; only
 * leaving the element counts.
 */
export function useFileDrop(onFile: (file: File | undefined) => void) {
  const [dragOver, setDragOver] = useState(false);

  const onDragOver = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    if (!dragOver) setDragOver(true);
  };

  const handlers = {
    onDragOver,
    onDragEnter: onDragOver,
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragOver(false);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      setDragOver(false);
      onFile(e.dataTransfer.files?.[0]);
    },
  };

  return { dragOver, handlers };
}
