import type { SeriesPoint } from '../../../shared/facts/company-facts';
import { navigationStore } from '../../stores/navigation';

/** The dimensions of a route or a picker's value (JSON); anything else reads as none. */
export const parseDims = (json: string | undefined): Record<string, string> => {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).filter(([, m]) => typeof m === 'string'))
      : {};
  } catch {
    return {};
  }
};

/** A piece of a file name: letters and digits, the rest as dashes. */
export const slug = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'facts';

/** Shows a concept of the company (with these dimensions) through the route. */
export const goToConcept = (company: string, c: string, dims: Record<string, string> = {}) =>
  navigationStore.getState().go({
    screen: 'facts',
    company,
    concept: c,
    ...(Object.keys(dims).length ? { dimensions: JSON.stringify(dims) } : {}),
  });

/** Opens a value's cell in its document. */
export const openCell = (p: SeriesPoint) => {
  const c = p.cells[0]!;
  navigationStore.getState().go({
    screen: 'document',
    id: p.documentId,
    tableId: c.tableId,
    cell: { row: c.row, col: c.col },
  });
};
