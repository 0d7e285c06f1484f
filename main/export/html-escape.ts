/**
 * Every piece of text that reaches the HTML report goes through here: model outputs, programs,
 * questions, filing cells and expert notes are untrusted, and must show as text, never act as
 * markup. Escaping all five characters makes the result safe both between tags and inside a
 * quoted attribute.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string | number | boolean | null | undefined): string {
  const s = value === null || value === undefined ? '' : String(value);
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A value as JSON text for display (answers that are lists or numbers), escaped. */
export function escapeJson(value: unknown): string {
  return escapeHtml(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** Long text cut for the report (the JSONL export keeps it whole). */
export function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length - max} more characters)`;
}
