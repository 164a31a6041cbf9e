import { METRES_PER_MILE } from '../../../domain/geo';

/** Cell size in degrees: about 35 miles north-south, so a 100-mile radius spans a few cells. */
const CELL_DEGREES = 0.5;
const LNG_CELLS = Math.round(360 / CELL_DEGREES);
const MILES_PER_DEGREE_LAT = (Math.PI * 6371000) / 180 / METRES_PER_MILE;

const latCell = (lat: number) => Math.floor((lat + 90) / CELL_DEGREES);
const wrapLng = (index: number) => ((index % LNG_CELLS) + LNG_CELLS) % LNG_CELLS;
const lngCell = (lng: number) => wrapLng(Math.floor((lng + 180) / CELL_DEGREES));
const cellKey = (latIndex: number, lngIndex: number) => latIndex * LNG_CELLS + lngIndex;

/** Listings at one point (a listing is placed at its ZIP code's centre, so many share one). */
export interface Place {
  lat: number;
  lng: number;
  slots: Set<number>;
}

/**
 * Listings bucketed by a latitude/longitude grid, so a radius query looks only at the cells its
 * circle can reach instead of at every listing, and within a cell grouped by point, so a distance
 * is computed once per point rather than once per listing. Exact distances are the caller's.
 */
export class GeoGrid {
  private readonly cells = new Map<number, Map<string, Place>>();

  add(slot: number, lat: number, lng: number): void {
    const key = cellKey(latCell(lat), lngCell(lng));
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = new Map()));
    const at = `${lat},${lng}`;
    let place = cell.get(at);
    if (!place) cell.set(at, (place = { lat, lng, slots: new Set() }));
    place.slots.add(slot);
  }

  remove(slot: number, lat: number, lng: number): void {
    const key = cellKey(latCell(lat), lngCell(lng));
    const cell = this.cells.get(key);
    const at = `${lat},${lng}`;
    const place = cell?.get(at);
    if (!cell || !place) return;
    place.slots.delete(slot);
    if (place.slots.size > 0) return;
    cell.delete(at);
    if (cell.size === 0) this.cells.delete(key);
  }

  clear(): void {
    this.cells.clear();
  }

  /** The places in the cells that may hold a point within `miles` of (`lat`, `lng`). */
  placesNear(lat: number, lng: number, miles: number): Place[] {
    const dLat = miles / MILES_PER_DEGREE_LAT;
    const fromLat = Math.max(-90, lat - dLat);
    const toLat = Math.min(90, lat + dLat);
    // The widest longitude span is at the circle's edge nearest a pole.
    const widest = Math.max(Math.abs(fromLat), Math.abs(toLat));
    const cos = Math.cos((widest * Math.PI) / 180);
    const dLng = cos > 1e-6 ? miles / (MILES_PER_DEGREE_LAT * cos) : 360;
    const firstLng = Math.floor((lng - dLng + 180) / CELL_DEGREES);
    const lastLng = Math.floor((lng + dLng + 180) / CELL_DEGREES);
    const span = Math.min(LNG_CELLS, lastLng - firstLng + 1);
    const out: Place[] = [];
    for (let la = latCell(fromLat); la <= latCell(toLat); la++) {
      for (let i = 0; i < span; i++) {
        const cell = this.cells.get(cellKey(la, wrapLng(firstLng + i)));
        if (cell) for (const place of cell.values()) out.push(place);
      }
    }
    return out;
  }
}
