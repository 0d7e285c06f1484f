import { lazy, Suspense, type ComponentProps } from 'react';

const Picker = lazy(() => import('./ReadAsDataset').then((m) => ({ default: m.ReadAsDataset })));

/**
 * The dataset format picker, loaded when a dataset file is first listed: it needs the formats'
 * schemas (zod), which the app's first script leaves out so the Library paints sooner.
 */
export function ReadAsDataset(props: ComponentProps<typeof Picker>) {
  return (
    <Suspense fallback={<span className="muted">…</span>}>
      <Picker {...props} />
    </Suspense>
  );
}
