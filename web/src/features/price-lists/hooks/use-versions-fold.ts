import { useCallback, useEffect, useRef, useState } from 'react';

export interface VersionsFold {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The version a run's link asked to see: its row is scrolled to and marked once shown. */
  focusId: string | null;
  /** Opens the versions and points at one of them. */
  show: (versionId: string) => void;
}

/**
 * Whether a list's `Версии` are unfolded: open from the start while versions wait for a decision,
 * and opened again whenever a new one comes to wait, so a held version is never out of sight.
 */
export function useVersionsFold(heldCount: number): VersionsFold {
  const [open, setOpen] = useState(heldCount > 0);
  const [focusId, setFocusId] = useState<string | null>(null);
  const heldBefore = useRef(heldCount);

  useEffect(() => {
    if (heldCount > heldBefore.current) setOpen(true);
    heldBefore.current = heldCount;
  }, [heldCount]);

  const show = useCallback((versionId: string) => {
    setOpen(true);
    setFocusId(versionId);
  }, []);

  return { open, setOpen, focusId, show };
}
