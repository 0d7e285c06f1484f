import { ScreenBoundary } from '../../components/ScreenBoundary';
import { useNavigation } from '../../stores/navigation';
import { routeHash } from '../../stores/navigation/navigation-store';
import { DocumentScreen } from '../document/DocumentScreen';
import { FactsScreen } from '../facts/FactsScreen';
import { GapScreen } from '../gap/GapScreen';
import { LibraryScreen } from '../library/LibraryScreen';
import { ModelsScreen } from '../llm/ModelsScreen';
import { DatasetScreen } from '../questions/DatasetScreen';
import { QuestionScreen } from '../questions/QuestionScreen';
import { CompareScreen } from '../runs/CompareScreen';
import { RunReportScreen } from '../runs/RunReportScreen';
import { RunsScreen } from '../runs/RunsScreen';
import { SessionResultsScreen } from '../sessions/SessionResultsScreen';
import { SessionScreen } from '../sessions/SessionScreen';
import { SessionsScreen } from '../sessions/SessionsScreen';

/** The window: navigation on the left, the current screen on the right. */
export function App() {
  const route = useNavigation((s) => s.route);
  // One boundary per screen and subject: moving within a screen (another table of the same
  // document, another pair on the gap) keeps it, going to another document or screen resets it.
  const screenKey =
    'id' in route
      ? `${route.screen}:${route.id}`
      : route.screen === 'facts'
        ? `facts:${route.company}`
        : route.screen;
  return (
    <div className="app">
      <nav className="sidebar" aria-label="Screens">
        <div className="brand">Filing Workbench</div>
        <a
          href="#/library"
          aria-current={route.screen === 'library' || route.screen === 'facts' ? 'page' : undefined}
        >
          Library
        </a>
        <a href="#/models" aria-current={route.screen === 'models' ? 'page' : undefined}>
          Models
        </a>
        <a
          href="#/runs"
          aria-current={
            route.screen === 'runs' || route.screen === 'run' || route.screen === 'compare'
              ? 'page'
              : undefined
          }
        >
          Runs
        </a>
        <a
          href="#/sessions"
          aria-current={
            route.screen === 'sessions' ||
            route.screen === 'session' ||
            route.screen === 'session-results'
              ? 'page'
              : undefined
          }
        >
          Sessions
        </a>
        <a href="#/gap" aria-current={route.screen === 'gap' ? 'page' : undefined}>
          Gap
        </a>
      </nav>
      <ScreenBoundary key={screenKey} screen={routeHash(route)}>
        {route.screen === 'document' ? (
          <DocumentScreen key={route.id} id={route.id} tableId={route.tableId} cell={route.cell} />
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
      </ScreenBoundary>
    </div>
  );
}
