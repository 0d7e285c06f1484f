import type { AskResult } from '../../../shared/ask/ask';
import type { AskFiling } from '../../../shared/ask/filings';
import { filingPeriod, locateId } from '../../../shared/ask/filing-id';
import { navigationStore } from '../../stores/navigation';

/**
 * Where an id of an ask's result lies (issue 27): in an ask across filings ids are qualified
 * with their document ("d12:t21"); in a one-document ask (or an older stored one) they are the
 * ask's own document's.
 */
export interface CitePlace {
  documentId: number | null;
  /** The id in its own document ("t21"). */
  localId: string;
  /** In the document the panel is beside. */
  here: boolean;
  /** The filing, in an ask across several. */
  filing?: AskFiling;
}

export type Placer = (id: string) => CitePlace;

export function citePlacer(result: AskResult, currentDocumentId: number | undefined): Placer {
  const filings = new Map((result.filings ?? []).map((f) => [f.documentId, f]));
  return (id) => {
    const { documentId, localId } = locateId(id, result.documentId);
    const filing = documentId === null ? undefined : filings.get(documentId);
    return {
      documentId,
      localId,
      here: currentDocumentId === undefined || documentId === currentDocumentId,
      ...(filing ? { filing } : {}),
    };
  };
}

/** "10-K FY2024", "10-Q Q2 2025": a filing as a cited number names it. */
export const filingShort = (f: AskFiling): string => {
  const period = filingPeriod(f);
  return `${f.form ?? f.name}${period !== null ? ` ${period}` : ''}`;
};

/**
 * Opens another filing of the ask at a table, and at the cell when its grid position is known
 * (selected once the filing is read); the ask stays shown and frames that filing's cells.
 */
export function openFilingTable(
  documentId: number,
  tableId: string,
  row?: number | null,
  col?: number | null,
): void {
  navigationStore.getState().go({
    screen: 'document',
    id: documentId,
    tableId,
    ...(row != null && col != null ? { cell: { row, col } } : {}),
  });
}
