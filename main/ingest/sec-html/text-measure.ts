/** Characters a reader sees: everything but spaces, tabs, line breaks and non-breaking spaces. */
export function nonSpaceLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 160) n++;
  }
  return n;
}

/**
 * Non-breaking spaces before the first visible character: older filings indent row labels
 * with "&nbsp;&nbsp;&nbsp;" (ordinary spaces collapse when rendered, so they do not count).
 */
export function leadingNbsp(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 160) n++;
    else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
  }
  return n;
}
