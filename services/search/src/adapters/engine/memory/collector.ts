import {
  EARTH_RADIUS_MILES,
  haversineMilesBetween,
  METRES_PER_MILE,
  roundMiles,
} from '../../../domain/geo';
import { FILTER_FIELDS, radiusMetres, type NormalizedQuery } from '../query';
import type { SearchHit, SearchResult } from '../../../domain/ports';
import { ITEM, TYPE_CODE, type Columns } from './columns';
import type { Entry } from './entry';
import { TopK } from './top-k';

/** A page this deep or deeper is cut from a full sort instead of a running top list. */
const SORT_ALL_FROM = 2_000;

/** One listing matching a query, by slot, with what orders it. */
export interface Match {
  slot: number;
  typos: number;
  score: number;
  distance: number | undefined;
}

export type Order = (a: Match, b: Match) => boolean;

/** The three result orders, reading creation times from the columns (ids break ties). */
export function ordersOf(columns: Columns, bySlot: ReadonlyArray<Entry | undefined>) {
  const newerSlot = (a: number, b: number): boolean => {
    const ca = columns.createdAt[a]!;
    const cb = columns.createdAt[b]!;
    return ca !== cb ? ca > cb : bySlot[a]!.doc.id < bySlot[b]!.doc.id;
  };
  return {
    relevance: (a: Match, b: Match): boolean =>
      a.typos !== b.typos
        ? a.typos < b.typos
        : a.score !== b.score
          ? a.score > b.score
          : newerSlot(a.slot, b.slot),
    nearest: (a: Match, b: Match): boolean => {
      const da = a.distance ?? Infinity;
      const db = b.distance ?? Infinity;
      return da !== db ? da < db : newerSlot(a.slot, b.slot);
    },
    newest: (a: Match, b: Match): boolean => newerSlot(a.slot, b.slot),
  } satisfies Record<string, Order>;
}

/**
 * Collects the listings a query reaches: applies filters and radius, counts types, keeps the
 * requested page in order. Builds a hit object only for listings that make the running top list.
 */
export class Collector {
  private readonly filterFields: Int32Array;
  private readonly filterIds: Int32Array;
  /** A filter value no listing has: nothing can match. */
  readonly impossible: boolean;
  private readonly near: { lat: number; lng: number } | undefined;
  private readonly radius: number;
  /**
   * Degrees of latitude the radius spans (a little over): a listing further north or south than
   * this is out of reach without computing its distance, since no path between two points is
   * shorter than their difference in latitude.
   */
  private readonly latReach: number;
  private readonly wantedType: number;
  private readonly wanted: number;
  private readonly top: TopK<Match>;
  private readonly all: Match[] = [];
  private items = 0;
  private services = 0;
  private readonly probe: Match = { slot: 0, typos: 0, score: 0, distance: undefined };

  constructor(
    private readonly q: NormalizedQuery,
    private readonly order: Order,
    private readonly columns: Columns,
    private readonly bySlot: ReadonlyArray<Entry | undefined>,
  ) {
    const fields = q.filters.map(({ field }) => FILTER_FIELDS.indexOf(field));
    this.filterFields = Int32Array.from(fields);
    this.filterIds = Int32Array.from(q.filters, ({ key }, i) => columns.idOf(fields[i]!, key));
    this.impossible = this.filterIds.some((id) => id < 0);
    this.near = q.near;
    this.radius =
      q.near?.radiusMiles === undefined
        ? Infinity
        : radiusMetres(q.near.radiusMiles) / METRES_PER_MILE;
    this.latReach = (this.radius / EARTH_RADIUS_MILES) * (180 / Math.PI) * (1 + 1e-9);
    this.wantedType = q.type === undefined ? -1 : TYPE_CODE[q.type];
    this.wanted = q.offset + q.limit;
    this.top = new TopK<Match>(this.wanted < SORT_ALL_FROM ? this.wanted : 0, order);
  }

  /** Whether a listing this many miles away is inside the query's radius (if it has one). */
  reaches(distance: number): boolean {
    return distance <= this.radius;
  }

  /**
   * Offers the listing at `slot`, matching the text with `typos` and `score`. A caller that has
   * measured the listing's distance from the query's point already passes it as `measured`.
   */
  accept(slot: number, typos: number, score: number, measured = NaN): void {
    const columns = this.columns;
    for (let i = 0; i < this.filterFields.length; i++) {
      if (columns.filterIds[this.filterFields[i]!]![slot] !== this.filterIds[i]) return;
    }
    let distance: number | undefined;
    const near = this.near;
    if (near) {
      const lat = columns.lat[slot]!;
      if (measured === measured) distance = measured;
      else if (lat === lat) {
        if (Math.abs(lat - near.lat) > this.latReach) return;
        distance = haversineMilesBetween(near.lat, near.lng, lat, columns.lng[slot]!);
      }
      if (this.radius !== Infinity && (distance === undefined || distance > this.radius)) return;
    }
    const type = columns.typeCode[slot]!;
    if (type === ITEM) this.items++;
    else this.services++;
    if (this.wantedType >= 0 && type !== this.wantedType) return;
    const probe = this.probe;
    probe.slot = slot;
    probe.typos = typos;
    probe.score = score;
    probe.distance = distance;
    if (this.wanted >= SORT_ALL_FROM) this.all.push({ ...probe });
    else if (this.top.wouldKeep(probe)) this.top.offer({ ...probe });
  }

  result(): SearchResult {
    const { q } = this;
    let ranked: readonly Match[];
    if (this.wanted >= SORT_ALL_FROM) {
      ranked = this.all.sort((a, b) => (this.order(a, b) ? -1 : this.order(b, a) ? 1 : 0));
    } else {
      ranked = this.top.items();
    }
    const hits = ranked.slice(q.offset, this.wanted).map(({ slot, distance }): SearchHit => {
      const doc = this.bySlot[slot]!.doc;
      return distance === undefined ? { ...doc } : { ...doc, distance: roundMiles(distance) };
    });
    const counts = { item: this.items, service: this.services };
    const total = q.type === undefined ? counts.item + counts.service : counts[q.type];
    return { hits, total, counts };
  }
}
