import { setTimeout as delay } from 'node:timers/promises';

/**
 * Imports in flight per client, and the most there ever were at once: a platform menu takes one
 * import at a time, so a test of many workers checks that no client ever saw two. `delayMs` holds
 * each import that long (after its body is read) so that runs overlap.
 */
export class ImportGauge {
  private readonly inFlight = new Map<string, number>();
  private readonly highest = new Map<string, number>();

  constructor(private readonly delayMs = 0) {}

  async during<T>(clientId: string, handle: () => Promise<T> | T): Promise<T> {
    const now = (this.inFlight.get(clientId) ?? 0) + 1;
    this.inFlight.set(clientId, now);
    this.highest.set(clientId, Math.max(now, this.highest.get(clientId) ?? 0));
    try {
      if (this.delayMs > 0) await delay(this.delayMs);
      return await handle();
    } finally {
      this.inFlight.set(clientId, (this.inFlight.get(clientId) ?? 1) - 1);
    }
  }

  maxConcurrent(clientId: string): number {
    return this.highest.get(clientId) ?? 0;
  }
}
