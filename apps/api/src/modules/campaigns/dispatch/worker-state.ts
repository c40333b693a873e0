// In-memory state one campaign worker process keeps across its batch jobs: how many Send API calls are in
// flight, which campaigns it works on (the heartbeat publishes them), and which rows it holds claimed.
// Nothing here is durable: after a crash the database rows and the sweeper decide (see sweeper.ts).

export class Semaphore {
  private waiters: Array<() => void> = [];
  private used = 0;
  constructor(private readonly size: number) {}
  async acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.used--;
  }
}

/** One Semaphore of `size` per key, made on first use and dropped when idle. */
export class KeyedSemaphores {
  private readonly byKey = new Map<string, { semaphore: Semaphore; holders: number }>();
  constructor(private readonly size: number) {}
  async acquire(key: string): Promise<void> {
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = { semaphore: new Semaphore(this.size), holders: 0 };
      this.byKey.set(key, entry);
    }
    entry.holders++;
    await entry.semaphore.acquire();
  }
  release(key: string): void {
    const entry = this.byKey.get(key);
    if (!entry) return;
    entry.semaphore.release();
    if (--entry.holders === 0) this.byKey.delete(key);
  }
}

/** Campaign id -> number of batch jobs of this process working on it, and its last seen status. */
export class ActiveCampaigns {
  private readonly counts = new Map<string, number>();
  private readonly statuses = new Map<string, string>();
  onChange: () => void = () => {};
  add(id: string): void {
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    if (this.counts.get(id) === 1) this.onChange();
  }
  remove(id: string): void {
    const n = (this.counts.get(id) ?? 1) - 1;
    if (n <= 0) {
      this.counts.delete(id);
      this.statuses.delete(id);
    } else this.counts.set(id, n);
  }
  ids(): string[] {
    return [...this.counts.keys()];
  }
  setStatus(id: string, status: string): void {
    if (this.counts.has(id)) this.statuses.set(id, status);
  }
  /** False once the campaign was seen cancelled or failed. */
  running(id: string): boolean {
    const s = this.statuses.get(id);
    return s === undefined || s === 'processing';
  }
}

/**
 * The rows this process claimed ('sending', worker_id = us) and still works on. A claim committed whose
 * answer never arrived (the connection died after COMMIT), or a chunk whose outcomes could not be written
 * (database away for too long), leaves rows 'sending' under a LIVE worker, which the dead-worker sweep never
 * touches: the sweeper releases our rows that are missing here (releaseOrphanedClaims).
 */
export class HeldRows {
  private readonly keys = new Set<string>();
  add(campaignId: string, contactIds: string[]): void {
    for (const id of contactIds) this.keys.add(`${campaignId}/${id}`);
  }
  remove(campaignId: string, contactIds: string[]): void {
    for (const id of contactIds) this.keys.delete(`${campaignId}/${id}`);
  }
  list(): string[] {
    return [...this.keys];
  }
}

export class WorkerStoppingError extends Error {
  constructor() {
    super('campaign worker is stopping: the batch goes back to the queue');
  }
}
