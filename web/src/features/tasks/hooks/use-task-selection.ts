import { useCallback, useMemo, useState } from 'react';

export interface TaskSelection {
  /** The sidebar shows checkboxes instead of links. */
  selecting: boolean;
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  begin: () => void;
  /** Leaves the checkboxes, forgetting what was ticked. */
  cancel: () => void;
}

const NONE: ReadonlySet<string> = new Set();

/** `Выбрать` in the sidebar: the tasks ticked for a batch. */
export function useTaskSelection(): TaskSelection {
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(NONE);

  const toggle = useCallback((id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const begin = useCallback(() => setSelecting(true), []);
  const cancel = useCallback(() => {
    setSelecting(false);
    setSelected(NONE);
  }, []);

  return useMemo(() => ({ selecting, selected, toggle, begin, cancel }), [selecting, selected, toggle, begin, cancel]);
}
