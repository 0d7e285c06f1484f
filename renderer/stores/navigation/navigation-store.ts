import { createStore } from 'zustand/vanilla';

/** Where the user is. Kept in the URL hash so reload, back and forward work in both hosts. */
export type Route = { screen: 'library' } | { screen: 'document'; id: number; tableId?: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/document\/(\d+)(?:\/([\w-]+))?$/.exec(hash);
  if (m) return { screen: 'document', id: Number(m[1]), ...(m[2] ? { tableId: m[2] } : {}) };
  return { screen: 'library' };
}

export function routeHash(route: Route): string {
  if (route.screen === 'library') return '#/library';
  return `#/document/${route.id}${route.tableId ? `/${route.tableId}` : ''}`;
}

export interface NavigationState {
  route: Route;
  go(route: Route): void;
}

export function createNavigationStore(win: Pick<Window, 'location' | 'addEventListener'>) {
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
