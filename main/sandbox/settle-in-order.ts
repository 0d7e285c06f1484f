/**
 * One promise for a batch of queued jobs, shared by the JavaScript and Python sandboxes: `enqueue`
 * is called for each item with the callback that settles it; the promise resolves with every
 * result in input order once the last job has settled, whatever order the workers finish in.
 */
export function settleInOrder<T, R>(
  items: readonly T[],
  enqueue: (item: T, settle: (result: R) => void) => void,
): Promise<R[]> {
  return new Promise((resolve) => {
    const results = new Array<R>(items.length);
    let remaining = items.length;
    items.forEach((item, i) => {
      enqueue(item, (result) => {
        results[i] = result;
        if (--remaining === 0) resolve(results);
      });
    });
  });
}
