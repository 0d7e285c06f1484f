import { useEffect, type RefObject } from 'react';
import { api } from '../../api/client';

/** Ctrl+O (⌘O) opens the browser's file picker in web mode (Electron has its menu's). */
export function useImportShortcut(fileInput: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'o' && api.transport === 'web') {
        e.preventDefault();
        fileInput.current?.click();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fileInput]);
}
