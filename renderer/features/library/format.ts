export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export const kindLabel: Record<string, string> = {
  'sec-html': 'SEC filing (HTML)',
  pdf: 'PDF',
  dataset: 'Dataset',
  other: 'Other',
};
