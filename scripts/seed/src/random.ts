/**
 * A small seeded random source, so every run plans the same members, listings, likes and bags:
 * a re-run can compare the plan with what exists and create only what is missing.
 */
export class Random {
  private state: number;

  constructor(seed: string) {
    // FNV-1a of the seed text as the starting state.
    let h = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    this.state = h >>> 0;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the values, drawn with the given weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((n, [, w]) => n + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /** Resolves `{a|b|c}` alternatives in a text. */
  variant(text: string): string {
    return text.replace(/\{([^{}]*\|[^{}]*)\}/g, (_m, options: string) =>
      this.pick(options.split('|')),
    );
  }
}

/** Lower-cases the first letter unless the word is an acronym or brand spelling (LEGO, iPad). */
export function midSentence(text: string): string {
  const [a, b] = [text.charAt(0), text.charAt(1)];
  if (!a || (b && b !== b.toLowerCase())) return text;
  return a.toLowerCase() + text.slice(1);
}
