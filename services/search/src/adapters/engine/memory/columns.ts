import { FILTER_FIELDS } from '../query';
import type { Entry } from './entry';

export const ITEM = 0;
export const SERVICE = 1;
export const TYPE_CODE = { item: ITEM, service: SERVICE } as const;

/**
 * What every query reads of every candidate listing, in flat arrays by slot: following each
 * listing's objects instead costs a cache miss per field at 100,000 listings.
 */
export class Columns {
  typeCode = new Uint8Array(1024);
  createdAt = new Float64Array(1024);
  /** NaN where the listing has no usable location. */
  lat = new Float64Array(1024);
  lng = new Float64Array(1024);
  /** Words per listing, for BM25's length normalisation. */
  length = new Float64Array(1024);
  /** Per filter field (in {@link FILTER_FIELDS} order), the listing's value as a number; 0 for none. */
  filterIds = FILTER_FIELDS.map(() => new Int32Array(1024));
  /** Per filter field, each value's number. */
  private readonly ids = FILTER_FIELDS.map(() => new Map<string, number>());

  /** The number standing for a filter value; -1 when no listing ever had it. */
  idOf(field: number, key: string): number {
    return this.ids[field]!.get(key) ?? -1;
  }

  set(entry: Entry): void {
    const { slot, doc } = entry;
    if (slot >= this.typeCode.length) this.grow(2 * slot);
    this.typeCode[slot] = TYPE_CODE[doc.type];
    this.createdAt[slot] = doc.createdAt;
    this.lat[slot] = entry.point?.lat ?? NaN;
    this.lng[slot] = entry.point?.lng ?? NaN;
    this.length[slot] = entry.length;
    entry.keys.forEach((key, field) => {
      let id = 0;
      if (key !== undefined) {
        const ids = this.ids[field]!;
        id = ids.get(key) ?? ids.size + 1;
        ids.set(key, id);
      }
      this.filterIds[field]![slot] = id;
    });
  }

  clear(): void {
    for (const ids of this.ids) ids.clear();
  }

  private grow(size: number): void {
    const grown = <T extends Uint8Array | Float64Array | Int32Array>(
      from: T,
      make: (n: number) => T,
    ) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.typeCode = grown(this.typeCode, (n) => new Uint8Array(n));
    this.createdAt = grown(this.createdAt, (n) => new Float64Array(n));
    this.lat = grown(this.lat, (n) => new Float64Array(n));
    this.lng = grown(this.lng, (n) => new Float64Array(n));
    this.length = grown(this.length, (n) => new Float64Array(n));
    this.filterIds = this.filterIds.map((ids) => grown(ids, (n) => new Int32Array(n)));
  }
}
