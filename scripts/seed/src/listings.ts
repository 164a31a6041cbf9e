import { itemFlavor, itemIdeas, itemWeights, serviceIdeas, servicePitch } from './ideas';
import type { Member } from './people';
import { midSentence, Random } from './random';

/** A category as GET /api/categories returns it. */
export interface Category {
  cat_id: string;
  category: string;
  type: 'item' | 'service';
  subcategories: string[];
}

export type Condition = 'new' | 'like-new' | 'good' | 'fair' | 'poor';

export interface PlannedListing {
  title: string;
  description: string;
  catId: string;
  category: string;
  subCategory?: string;
  brand?: string;
  condition?: Condition;
  color?: string;
  type: 'item' | 'service';
  weight?: number;
  tags: string[];
  imageCount: number;
  /** Short caption drawn on the generated photos. */
  caption: string;
}

interface Idea {
  title: string;
  brand?: string;
  tags: string[];
}

const parseIdea = (line: string): Idea => {
  // Split on the pipes between fields, not those of `{a|b}` alternatives in the title.
  const [title = '', brand = '', tags = ''] = line.split(/\|(?![^{]*\})/).map((s) => s.trim());
  return {
    title,
    ...(brand ? { brand } : {}),
    tags: tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
};

/** Ideas for a category/subcategory, or generic ones when the taxonomy has something new. */
function ideasFor(cat: Category, sub: string | undefined): Idea[] {
  const table = cat.type === 'item' ? itemIdeas : serviceIdeas;
  const lines = sub ? table[cat.cat_id]?.[sub] : undefined;
  if (lines?.length) return lines.map(parseIdea);
  const what = sub ?? cat.category;
  const tags = [what.toLowerCase().slice(0, 30)];
  return cat.type === 'item'
    ? [
        { title: `${what} bundle`, tags },
        { title: `Assorted ${midSentence(what)}`, tags },
      ]
    : [
        { title: `${what} help`, tags },
        { title: `${what}, one session`, tags },
      ];
}

const conditionLines: Record<Condition, string[]> = {
  new: ['Brand new, never used.', 'New in the box; it was a gift I never opened.'],
  'like-new': ['Barely used, no marks or wear.', 'Like new. Honestly hard to tell it was used.'],
  good: [
    'Normal signs of use, but everything works as it should.',
    'Well cared for, with light wear.',
  ],
  fair: [
    'Shows its age with a few scuffs, but fully functional.',
    'Some cosmetic wear (see photos); works fine.',
  ],
  poor: [
    'Needs some TLC, so it is listed as-is.',
    'Well loved. Good for parts or a fixer-upper project.',
  ],
};

const openers = [
  (t: string) => `Up for swap: ${t}.`,
  (t: string) => `Up for trade: ${t}.`,
  (t: string) => `${t}, looking for a new home.`,
  (t: string) => `Swap offer: ${t}.`,
];

const experience = [
  (r: Random) => `${r.int(2, 15)} years of experience.`,
  () => 'References from neighbors on request.',
  () => 'I bring everything needed; you just show up.',
  () => 'First session is a quick chat to see what you need.',
];

const availability = [
  'Weekday evenings and weekends.',
  'Most mornings; message me to set a time.',
  'Flexible schedule, just send a message.',
  'Weekends only for now.',
];

function swapLine(r: Random, member: Member, type: 'item' | 'service'): string {
  const [a, b] = r.sample(member.interests, 2).map(midSentence);
  const lines = [
    `Happy to swap for ${a}${b ? ` or ${b}` : ''}.`,
    `Open to trades, especially ${a}.`,
    `Would love ${a} in exchange, but make me an offer.`,
    type === 'item'
      ? `Pickup in ${member.city}, or we can meet halfway.`
      : `Based in ${member.city} and happy to travel a little.`,
  ];
  return r.pick(lines);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Turns a `catId` or `catId/Subcategory` focus entry into a category and subcategory. */
function resolveFocus(
  entry: string,
  byId: Map<string, Category>,
): { cat: Category; sub?: string } | undefined {
  const [id = '', sub] = entry.split('/');
  const cat = byId.get(id);
  if (!cat) return undefined;
  if (sub && !cat.subcategories.includes(sub)) return { cat };
  return sub ? { cat, sub } : { cat };
}

/**
 * The listings of one member, the same on every run: mostly from their persona's focus, with a
 * third from anywhere in the taxonomy. Titles are unique per member (re-runs match them by title).
 */
export function planListings(
  member: Member,
  categories: Category[],
  count: number,
): PlannedListing[] {
  const r = new Random(`listings:${member.n}`);
  const byId = new Map(categories.map((c) => [c.cat_id, c]));
  const focus = member.persona.focus
    .map((e) => resolveFocus(e, byId))
    .filter((f): f is { cat: Category; sub?: string } => !!f);
  const titles = new Set<string>();
  const out: PlannedListing[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 20; attempt++) {
    const pickFromFocus = focus.length > 0 && r.chance(0.68);
    const chosen = pickFromFocus ? r.pick(focus) : { cat: r.pick(categories) };
    const cat = chosen.cat;
    const sub = chosen.sub ?? (cat.subcategories.length ? r.pick(cat.subcategories) : undefined);
    const idea = r.pick(ideasFor(cat, sub));
    const title = r.variant(idea.title);
    if (titles.has(title.toLowerCase())) continue;
    titles.add(title.toLowerCase());
    out.push(build(r, member, cat, sub, idea, title));
  }
  return out;
}

function build(
  r: Random,
  member: Member,
  cat: Category,
  sub: string | undefined,
  idea: Idea,
  title: string,
): PlannedListing {
  const tags = [...idea.tags];
  if (sub && sub.length <= 30) tags.push(sub.toLowerCase());
  const imageCount = r.weighted([
    [1, 3],
    [2, 4],
    [3, 3],
  ] as const);
  const base = {
    title,
    catId: cat.cat_id,
    category: cat.category,
    ...(sub ? { subCategory: sub } : {}),
    ...(idea.brand ? { brand: idea.brand } : {}),
    imageCount,
    caption: title.length > 44 ? `${title.slice(0, 42).trimEnd()}…` : title,
  };
  if (cat.type === 'service') {
    const what = (sub ?? cat.category).toLowerCase();
    const pitch = r
      .pick(servicePitch[cat.cat_id] ?? ['Friendly, reliable {sub} around {city}.'])
      .replace('{sub}', what)
      .replace('{Sub}', what.charAt(0).toUpperCase() + what.slice(1))
      .replace('{city}', member.city);
    const description = [
      pitch,
      r.pick(experience)(r),
      r.pick(availability),
      swapLine(r, member, 'service'),
    ].join(' ');
    return {
      ...base,
      type: 'service',
      description,
      tags: [...new Set([...tags, 'local'])].slice(0, 6),
    };
  }
  const flavor = itemFlavor[cat.cat_id] ?? { extras: ['From a smoke-free home.'] };
  const condition = r.weighted<Condition>([
    ['new', 10],
    ['like-new', 25],
    ['good', 40],
    ['fair', 20],
    ['poor', 5],
  ]);
  const description = [
    r.pick(openers)(title),
    r.pick(conditionLines[condition]),
    r.pick(flavor.extras),
    swapLine(r, member, 'item'),
  ].join(' ');
  const weight = sub ? itemWeights[sub] : undefined;
  return {
    ...base,
    type: 'item',
    description,
    condition,
    ...(flavor.colors && r.chance(0.6) ? { color: r.pick(flavor.colors) } : {}),
    ...(weight ? { weight: round1(weight[0] + r.next() * (weight[1] - weight[0])) } : {}),
    tags: [...new Set(tags)].slice(0, 6),
  };
}
