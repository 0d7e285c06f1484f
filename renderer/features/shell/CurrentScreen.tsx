import { lazy, Suspense } from 'react';
import type { Route } from '../../stores/navigation/navigation-store';
import { parseRoute } from '../../stores/navigation/navigation-store';
import { LibraryScreen } from '../library/LibraryScreen';
import { preloadTableGrid } from '../document/table-grid-chunk';
import { loadDocumentScreen } from './document-screen-chunk';
import { DocumentScreenLoader } from './DocumentScreenLoader';

// Opening on a document asks for it now, not once its screen's chunk has arrived (imported
// before the document screen's chunk is asked for below).
import '../../stores/document/early-open';

// The Library is where the app opens; every other screen is its own chunk, loaded when first
// shown, so the app's first script (parsed and run before the Library can ask for its list)
// stays small (docs/BENCHMARKS.md, sector workspace). The document view's chunk is fetched at
// once when the app opens on a document (with the grid's), and otherwise once the window is idle, since opening
// a filing from the Library is the next thing most users do.
if (parseRoute(window.location.hash).screen === 'document') {
  void loadDocumentScreen().catch(() => undefined);
  preloadTableGrid();
} else
  (window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1000)))(
    () => void loadDocumentScreen().catch(() => undefined),
  );
const FactsScreen = lazy(() =>
  import('../facts/FactsScreen').then((m) => ({ default: m.FactsScreen })),
);
const GapScreen = lazy(() => import('../gap/GapScreen').then((m) => ({ default: m.GapScreen })));
const ModelsScreen = lazy(() =>
  import('../llm/ModelsScreen').then((m) => ({ default: m.ModelsScreen })),
);
const DatasetScreen = lazy(() =>
  import('../questions/DatasetScreen').then((m) => ({ default: m.DatasetScreen })),
);
const QuestionScreen = lazy(() =>
  import('../questions/QuestionScreen').then((m) => ({ default: m.QuestionScreen })),
);
const CompareScreen = lazy(() =>
  import('../runs/CompareScreen').then((m) => ({ default: m.CompareScreen })),
);
const RunReportScreen = lazy(() =>
  import('../runs/RunReportScreen').then((m) => ({ default: m.RunReportScreen })),
);
const RunsScreen = lazy(() =>
  import('../runs/RunsScreen').then((m) => ({ default: m.RunsScreen })),
);
const SessionResultsScreen = lazy(() =>
  import('../sessions/SessionResultsScreen').then((m) => ({ default: m.SessionResultsScreen })),
);
const SessionScreen = lazy(() =>
  import('../sessions/SessionScreen').then((m) => ({ default: m.SessionScreen })),
);
const SessionsScreen = lazy(() =>
  import('../sessions/SessionsScreen').then((m) => ({ default: m.SessionsScreen })),
);

/** The screen the route names (a lazily loaded one shows "Loading…" until its chunk is here). */
export function CurrentScreen({ route }: { route: Route }) {
  return (
    <Suspense fallback={<p className="hint">Loading…</p>}>
      {route.screen === 'document' ? (
        <DocumentScreenLoader
          key={route.id}
          id={route.id}
          tableId={route.tableId}
          cell={route.cell}
        />
      ) : route.screen === 'facts' ? (
        <FactsScreen
          key={route.company}
          company={route.company}
          concept={route.concept}
          dimensions={route.dimensions}
        />
      ) : route.screen === 'dataset' ? (
        <DatasetScreen key={route.id} id={route.id} />
      ) : route.screen === 'question' ? (
        <QuestionScreen id={route.id} />
      ) : route.screen === 'sessions' ? (
        <SessionsScreen />
      ) : route.screen === 'session' ? (
        <SessionScreen key={route.id} id={route.id} />
      ) : route.screen === 'session-results' ? (
        <SessionResultsScreen key={route.id} id={route.id} />
      ) : route.screen === 'runs' ? (
        <RunsScreen />
      ) : route.screen === 'run' ? (
        <RunReportScreen key={route.id} id={route.id} />
      ) : route.screen === 'compare' ? (
        <CompareScreen a={route.a} b={route.b} />
      ) : route.screen === 'gap' ? (
        <GapScreen sessionId={route.sessionId} runId={route.runId} />
      ) : route.screen === 'models' ? (
        <ModelsScreen />
      ) : (
        <LibraryScreen />
      )}
    </Suspense>
  );
}
