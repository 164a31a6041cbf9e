/**
 * The replicas of one service, as its URL setting lists them: calls go to each in turn (round
 * robin). A replica that refused a connection (stopped, restarting) is passed over for `restMs`,
 * unless every replica is resting, when they are tried anyway rather than failing the call.
 */
export class ReplicaSet {
  private turn = 0;
  private readonly restingUntil = new Map<string, number>();

  constructor(
    readonly urls: readonly string[],
    private readonly restMs = 2000,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('a service needs at least one URL');
  }

  /**
   * The replica for the next call, or undefined once every replica is in `tried`: the next one in
   * turn that is neither tried nor resting, else the next one not tried.
   */
  pick(tried: ReadonlySet<string> = new Set()): string | undefined {
    const n = this.urls.length;
    if (n === 1) return tried.has(this.urls[0]!) ? undefined : this.urls[0];
    const start = this.turn;
    this.turn = (this.turn + 1) % n;
    let fallback: string | undefined;
    const at = this.now();
    for (let i = 0; i < n; i++) {
      const url = this.urls[(start + i) % n]!;
      if (tried.has(url)) continue;
      if ((this.restingUntil.get(url) ?? 0) <= at) return url;
      fallback ??= url;
    }
    return fallback;
  }

  /** A replica refused a connection: the next calls go to the others for a while. */
  refused(url: string): void {
    if (this.urls.length > 1) this.restingUntil.set(url, this.now() + this.restMs);
  }
}
