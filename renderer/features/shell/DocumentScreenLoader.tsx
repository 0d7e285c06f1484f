import { useEffect, useState, type ComponentProps } from 'react';
import type { DocumentScreen as DocumentScreenComponent } from '../document/DocumentScreen';
import {
  loadDocumentScreen,
  loadedDocumentScreen,
  type DocumentScreenModule,
} from './document-screen-chunk';

/**
 * The document view, without a Suspense boundary: React holds content that resolves a
 * suspended boundary for 300 ms after its fallback was shown, and on a window opened on a
 * document that hold was a third of its wait for the first table (docs/BENCHMARKS.md). Here
 * "Loading…" is ordinary state, replaced as soon as the chunk is here; a failed load is thrown
 * to the screen's error boundary, as React.lazy would.
 */
export function DocumentScreenLoader(props: ComponentProps<typeof DocumentScreenComponent>) {
  const [screen, setScreen] = useState<DocumentScreenModule | Error | undefined>(
    loadedDocumentScreen,
  );
  useEffect(() => {
    if (screen) return;
    let live = true;
    loadDocumentScreen().then(
      (m) => live && setScreen(m),
      (e: unknown) => live && setScreen(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, [screen]);
  if (screen instanceof Error) throw screen;
  if (!screen) return <p className="hint">Loading…</p>;
  return <screen.DocumentScreen {...props} />;
}
