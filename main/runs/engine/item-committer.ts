import type { NewRunItem } from '../../db/runs-repo';

interface Waiting {
  item: NewRunItem;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/**
 * Commits the engine's items in one transaction per event-loop turn: the items graded in the
 * same turn (several at a high concurrency) share one commit instead of one each, which is most
 * of a commit's cost (the WAL sync). An item counts as committed only when its `put` resolves,
 * which is after its transaction, so a crash loses at most what was still in flight, as before;
 * a failed commit rejects every item of it (none of them is committed).
 */
export class ItemCommitter {
  private waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly write: (items: readonly NewRunItem[]) => void) {}

  put(item: NewRunItem): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.scheduled = false;
    try {
      this.write(batch.map((w) => w.item));
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    for (const w of batch) w.resolve();
  }
}
