/**
 * A stand-in for GET /api/stream in jsdom: the answer's body is a reader the test feeds with
 * Server-Sent Events, the way the live stream reads a real one.
 */
export class FakeEventStream {
  private queue: string[] = [];
  private waiting: ((r: { value?: Uint8Array; done: boolean }) => void) | undefined;
  private ended = false;
  readonly encoder = new TextEncoder();

  /** What the mocked fetch answers for /api/stream. */
  response() {
    return {
      ok: true,
      status: 200,
      statusText: '200',
      text: async () => '',
      body: { getReader: () => ({ read: () => this.read() }) },
    };
  }

  /** Sends one event (with a JSON payload) to the app. */
  emit(event: string, data: unknown, id?: string): void {
    this.push(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  end(): void {
    this.ended = true;
    this.flush();
  }

  private push(chunk: string): void {
    this.queue.push(chunk);
    this.flush();
  }

  private flush(): void {
    if (!this.waiting) return;
    const next = this.queue.shift();
    if (next !== undefined) {
      const w = this.waiting;
      this.waiting = undefined;
      w({ value: this.encoder.encode(next), done: false });
    } else if (this.ended) {
      const w = this.waiting;
      this.waiting = undefined;
      w({ done: true });
    }
  }

  private read(): Promise<{ value?: Uint8Array; done: boolean }> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.flush();
    });
  }
}
