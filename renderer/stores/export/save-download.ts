/**
 * Hands bytes to the browser as a download. Web mode saves into the browser's downloads;
 * Electron's default download handling asks where to save. Nothing is rendered.
 */
export function saveDownload(name: string, bytes: Uint8Array, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: mimeType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the URL is only needed until then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
