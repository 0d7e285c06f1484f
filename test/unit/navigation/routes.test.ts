import { describe, expect, it } from 'vitest';
import {
  parseRoute,
  routeHash,
  type Route,
} from '../../../renderer/stores/navigation/navigation-store';

describe('routes in the URL hash', () => {
  it('reads and writes every screen, round trip', () => {
    const routes: Route[] = [
      { screen: 'library' },
      { screen: 'document', id: 7 },
      { screen: 'document', id: 7, tableId: 't21' },
      { screen: 'dataset', id: 3 },
      { screen: 'question', id: 42 },
    ];
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(routeHash({ screen: 'question', id: 42 })).toBe('#/question/42');
    expect(routeHash({ screen: 'dataset', id: 3 })).toBe('#/dataset/3');
  });

  it('falls back to the library for anything else', () => {
    for (const h of ['', '#/', '#/question/', '#/question/x', '#/dataset/3/extra', '#/questions/1'])
      expect(parseRoute(h)).toEqual({ screen: 'library' });
  });
});
