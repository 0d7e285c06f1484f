import { describe, expect, it } from 'vitest';
import {
  parseRoute,
  routeHash,
  type Route,
} from '../../../renderer/stores/navigation/navigation-store';

describe('runs routes in the URL hash', () => {
  it('reads and writes the runs list, a run and a comparison, round trip', () => {
    const routes: Route[] = [
      { screen: 'runs' },
      { screen: 'run', id: 12 },
      { screen: 'compare', a: 3, b: 4 },
    ];
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(routeHash({ screen: 'run', id: 12 })).toBe('#/run/12');
    expect(routeHash({ screen: 'compare', a: 3, b: 4 })).toBe('#/compare/3/4');
  });

  it('falls back to the library for malformed runs hashes', () => {
    for (const h of ['#/run/', '#/run/x', '#/runs/1', '#/compare/3', '#/compare/3/x', '#/run/1/2'])
      expect(parseRoute(h)).toEqual({ screen: 'library' });
  });
});
