import { describe, expect, it } from 'vitest';
import {
  parseRoute,
  routeHash,
  type Route,
} from '../../../renderer/stores/navigation/navigation-store';

describe('Facts and cell routes (issue 27)', () => {
  it('reads and writes a company, a concept, dimensions and a cell, round trip', () => {
    const routes: Route[] = [
      { screen: 'facts', company: 'cik:0000012927' },
      { screen: 'facts', company: 'johnson & johnson', concept: 'us-gaap:Revenues' },
      {
        screen: 'facts',
        company: 'cik:0000012927',
        concept: 'us-gaap:Revenues',
        dimensions: '{"us-gaap:StatementBusinessSegmentsAxis":"ba:BCAMember"}',
      },
      { screen: 'document', id: 7, tableId: 't21', cell: { row: 12, col: 3 } },
    ];
    for (const r of routes) expect(parseRoute(routeHash(r))).toEqual(r);
    expect(routeHash(routes[0]!)).toBe('#/facts/cik%3A0000012927');
    expect(routeHash(routes[3]!)).toBe('#/document/7/t21/12/3');
  });

  it('refuses a malformed hash rather than guessing', () => {
    expect(parseRoute('#/facts/%E0%A4%A')).toEqual({ screen: 'library' });
    expect(parseRoute('#/facts/')).toEqual({ screen: 'library' });
    expect(parseRoute('#/document/7/t21/12')).toEqual({ screen: 'library' });
  });
});
