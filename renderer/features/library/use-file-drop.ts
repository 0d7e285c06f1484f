import { useState, type DragEvent } from 'react';
import { libraryStore } from '../../stores/library';

/**
 * Files dropped on the screen are imported; `dragging` is set while files are held over it
 * (the screen shows where to drop them). `dropProps` go on the screen's element.
 */
export function useFileDrop() {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void libraryStore.getState().importFiles(files);
  };
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };
  return { dragging, dropProps };
}
