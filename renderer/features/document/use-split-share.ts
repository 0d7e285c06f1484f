import { useCallback, useEffect, useState, type RefObject } from 'react';
import { loadWorkspaceDir } from '../../stores/document/workspace-dir';
import { defaultSplit, readSplit, splitKey } from './pdf-split';

function storedSplit(workspace: string): number | undefined {
  try {
    return readSplit(window.localStorage.getItem(splitKey(workspace)));
  } catch {
    return undefined;
  }
}

function storeSplit(workspace: string, percent: number | undefined): void {
  try {
    if (percent === undefined) window.localStorage.removeItem(splitKey(workspace));
    else window.localStorage.setItem(splitKey(workspace), String(percent));
  } catch {
    // Storage disabled: the split lasts as long as the view.
  }
}

/**
 * The PDF page's share of the split (percent): the one the user chose, remembered per
 * workspace, else the default for the split's width (measured on `handle`'s parent).
 * `choose(p, keep)` sets it (undefined: back to the default), stored when `keep`.
 */
export function useSplitShare(handle: RefObject<HTMLElement | null>) {
  const [workspace, setWorkspace] = useState<string>();
  // The share the user chose, for the workspace it was read from.
  const [chosen, setChosen] = useState<{ workspace: string | undefined; percent?: number }>({
    workspace: undefined,
  });
  const [width, setWidth] = useState(0);

  useEffect(() => {
    let live = true;
    void loadWorkspaceDir().then((dir) => {
      if (live) setWorkspace(dir);
    });
    return () => {
      live = false;
    };
  }, []);

  // The chosen share is read once the workspace is known (React's "adjust state on prop change").
  if (workspace !== undefined && chosen.workspace !== workspace) {
    const percent = storedSplit(workspace);
    setChosen(percent === undefined ? { workspace } : { workspace, percent });
  }

  // The split's width: the default share follows it.
  useEffect(() => {
    const split = handle.current?.parentElement;
    if (!split) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(split);
    return () => observer.disconnect();
  }, [handle]);

  const percent = chosen.percent ?? defaultSplit(width);
  const choose = useCallback(
    (p: number | undefined, keep: boolean) => {
      setChosen((c) => (p === undefined ? { workspace: c.workspace } : { ...c, percent: p }));
      if (keep && workspace !== undefined) storeSplit(workspace, p);
    },
    [workspace],
  );
  return { percent, choose };
}
