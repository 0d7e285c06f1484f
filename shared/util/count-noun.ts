/** "1 page", "3 pages": counts in messages a person reads. */
export const countNoun = (n: number, noun: string, plural = `${noun}s`) =>
  `${n} ${n === 1 ? noun : plural}`;
