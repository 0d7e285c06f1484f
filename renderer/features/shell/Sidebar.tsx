import type { Route } from '../../stores/navigation/navigation-store';

/** The screens' links, the current one marked (a document's facts count as the Library). */
export function Sidebar({ route }: { route: Route }) {
  return (
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
  );
}
