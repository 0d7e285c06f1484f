import { createStore } from 'zustand/vanilla';

/** Where the user is. Kept in the URL hash so reload, back and forward work in both hosts. */
export type Route =
  | { screen: 'library' }
  | { screen: 'models' }
  /** `cell`: a grid position (row, col as the cell panel prints it) to select in `tableId`. */
  | { screen: 'document'; id: number; tableId?: string; cell?: { row: number; col: number } }
  /** A company's Facts panel (`company`: a key of shared/library/company-groups). */
  | { screen: 'facts'; company: string; concept?: string; dimensions?: string }
  | { screen: 'dataset'; id: number }
  | { screen: 'question'; id: number }
  | { screen: 'sessions' }
  | { screen: 'session'; id: number }
  | { screen: 'session-results'; id: number }
  | { screen: 'runs' }
  | { screen: 'run'; id: number }
  | { screen: 'compare'; a: number; b: number }
  | { screen: 'gap'; sessionId?: number; runId?: number };

export function parseRoute(hash: string): Route {
  if (hash === '#/models') return { screen: 'models' };
  if (hash === '#/sessions') return { screen: 'sessions' };
  if (hash === '#/runs') return { screen: 'runs' };
  const g = /^#\/gap(?:\/(\d+)(?:\/(\d+))?)?$/.exec(hash);
  if (g)
    return {
      screen: 'gap',
      ...(g[1] ? { sessionId: Number(g[1]) } : {}),
      ...(g[2] ? { runId: Number(g[2]) } : {}),
    };
  const r = /^#\/run\/(\d+)$/.exec(hash);
  if (r) return { screen: 'run', id: Number(r[1]) };
  const c = /^#\/compare\/(\d+)\/(\d+)$/.exec(hash);
  if (c) return { screen: 'compare', a: Number(c[1]), b: Number(c[2]) };
  const s = /^#\/session\/(\d+)(\/results)?$/.exec(hash);
  if (s) return { screen: s[2] ? 'session-results' : 'session', id: Number(s[1]) };
  const m = /^#\/document\/(\d+)(?:\/([\w-]+)(?:\/(\d+)\/(\d+))?)?$/.exec(hash);
  if (m)
    return {
      screen: 'document',
      id: Number(m[1]),
      ...(m[2] ? { tableId: m[2] } : {}),
      ...(m[3] ? { cell: { row: Number(m[3]), col: Number(m[4]) } } : {}),
    };
  const f = /^#\/facts\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(hash);
  if (f) {
    const [company, concept, dimensions] = [f[1], f[2], f[3]].map(decodeSegment);
    if (company)
      return {
        screen: 'facts',
        company,
        ...(concept ? { concept } : {}),
        ...(dimensions ? { dimensions } : {}),
      };
  }
  const d = /^#\/(dataset|question)\/(\d+)$/.exec(hash);
  if (d) return { screen: d[1] as 'dataset' | 'question', id: Number(d[2]) };
  return { screen: 'library' };
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'library':
      return '#/library';
    case 'models':
      return '#/models';
    case 'document':
      return `#/document/${route.id}${route.tableId ? `/${route.tableId}${route.cell ? `/${route.cell.row}/${route.cell.col}` : ''}` : ''}`;
    case 'facts':
      return `#/facts/${[route.company, route.concept, route.dimensions]
        .filter((s): s is string => s !== undefined)
        .map(encodeURIComponent)
        .join('/')}`;
    case 'dataset':
    case 'question':
      return `#/${route.screen}/${route.id}`;
    case 'sessions':
      return '#/sessions';
    case 'session':
      return `#/session/${route.id}`;
    case 'session-results':
      return `#/session/${route.id}/results`;
    case 'runs':
      return '#/runs';
    case 'run':
      return `#/run/${route.id}`;
    case 'compare':
      return `#/compare/${route.a}/${route.b}`;
    case 'gap':
      return `#/gap${route.sessionId !== undefined ? `/${route.sessionId}${route.runId !== undefined ? `/${route.runId}` : ''}` : ''}`;
  }
}

/** A hash segment as written by routeHash; undefined when absent or not valid percent-encoding. */
function decodeSegment(s: string | undefined): string | undefined {
  if (s === undefined) return undefined;
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

export interface NavigationState {
  route: Route;
  go(route: Route): void;
}

/** What the store needs of `window` (a fake in tests). */
export interface HashWindow {
  location: { hash: string };
  addEventListener(type: 'hashchange', listener: () => void): void;
}

export function createNavigationStore(win: HashWindow) {
  const store = createStore<NavigationState>()((set) => ({
    route: parseRoute(win.location.hash),
    go: (route) => {
      win.location.hash = routeHash(route);
      set({ route });
    },
  }));
  win.addEventListener('hashchange', () =>
    store.setState({ route: parseRoute(win.location.hash) }),
  );
  return store;
}
