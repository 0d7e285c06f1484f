/**
 * Questions an analyst asks across a sector's filings (none names a document): the sector
 * benches (sector-workspace.ts, sector-retrieval.ts) ask the same ones, so their figures compare.
 */
export const SECTOR_QUESTIONS = [
  'What was total revenue in fiscal 2024?',
  'data center revenue',
  'capital expenditures purchases of property and equipment',
  'net income attributable to common shareholders',
  'total assets and total liabilities',
  'cash and cash equivalents at end of period',
  'research and development expenses',
  'diluted earnings per share',
  'operating income by segment',
  'long-term debt maturities',
  'share repurchases',
  'effective tax rate',
  'inventories',
  'goodwill impairment',
  'dividends declared per share',
  'free cash flow',
  'gross margin',
  'cost of sales',
  'accounts receivable allowance for credit losses',
  'operating lease liabilities',
  'deferred revenue',
  'interest expense',
  'stock-based compensation expense',
  'foreign currency exchange risk',
];
