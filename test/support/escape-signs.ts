/**
 * What a hostile-corpus result that got out would show: the markers the corpora's helpers
 * report, and the port of the test's TCP listener. The result's own timing fields are left out
 * and the port is matched as a whole number, because a random port (say 43471) also turns up
 * inside a duration such as 0.434715… ms — a false alarm that once failed CI.
 */
export function signsOfEscape(result: unknown, port: number, markers: readonly string[]): string[] {
  const text = JSON.stringify(result, (key, value: unknown) =>
    key === 'durationMs' ? undefined : value,
  );
  const found = markers.filter((s) => text.includes(s));
  if (new RegExp(`(?<![\\d.])${port}(?![\\d])`).test(text)) found.push(`port ${port}`);
  return found;
}
