/** Display formatting shared by every screen. */

/** 'CITY, STATE, COUNTRY' in upper case, skipping blanks. */
export function addressLine(
  a: { city?: string | null; state?: string | null; country?: string | null } | null | undefined,
): string {
  if (!a) return '';
  return [a.city, a.state, a.country]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ')
    .toUpperCase();
}

/** Distance in miles with one decimal under 10 mi, whole miles above. */
export function formatMiles(distance: number): string {
  const value = distance < 10 ? Math.round(distance * 10) / 10 : Math.round(distance);
  return `${value} mi`;
}

export function fullName(first?: string | null, last?: string | null): string {
  return [first, last]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase());
  return letters.join('') || '?';
}

export function formatDate(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function timeAgo(iso: string | undefined | null, now = Date.now()): string {
  if (!iso) return '';
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return 'just now';
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 24) return `${h} h ago`;
  const days = Math.round(h / 24);
  if (days < 30) return `${days} d ago`;
  return formatDate(iso);
}

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** 'like-new' -> 'Like new'. */
export const conditionLabel = (c: string) => capitalize(c.replace(/-/g, ' '));
