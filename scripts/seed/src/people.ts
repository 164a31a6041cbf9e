import zipcodes from 'zipcodes';
import { Random } from './random';

/** What a member trades in: focus categories (`catId` or `catId/Subcategory`), booth voice, wants. */
export interface Persona {
  key: string;
  focus: string[];
  boothNames: string[];
  blurbs: string[];
  wants: string[];
}

export const personas: Persona[] = [
  {
    key: 'musician',
    focus: [
      'music-instruments',
      'music-instruments',
      'collectibles/Vinyl Records',
      'lessons/Music Lessons',
      'electronics/Audio & Headphones',
    ],
    boothNames: ["{first}'s Music Swap", 'Back Room Gear', '{city} Sound Exchange'],
    blurbs: [
      'Guitars, amps and records that deserve more playing time than they get with me.',
      'A small pile of music gear and a lot of records. I also teach beginners.',
    ],
    wants: [
      'Vinyl records',
      'Guitar pedals',
      'Recording gear',
      'Concert tickets',
      'Bike repair',
      'Home-cooked meals',
      'Houseplants',
    ],
  },
  {
    key: 'parent',
    focus: [
      'baby-kids',
      'baby-kids',
      'toys-games',
      "clothing/Kids'",
      'childcare',
      "books/Children's",
    ],
    boothNames: ["{first}'s Kid Swap", 'Outgrown & Loved', 'The Hand-Me-Down Shelf'],
    blurbs: [
      'Our kids outgrow everything in about five minutes. Clean, gently used and ready for yours.',
      'Baby gear, toys and books from a busy household. Swaps with other parents welcome.',
    ],
    wants: [
      "Kids' clothes 4T-6",
      'Board games',
      'Babysitting',
      "Children's books",
      'Balance bike',
      'Meal prep help',
      'LEGO sets',
    ],
  },
  {
    key: 'outdoors',
    focus: [
      'sports-outdoors/Camping & Hiking',
      'sports-outdoors',
      'sports-outdoors/Water Sports',
      'sports-outdoors/Winter Sports',
      'pet-care/Dog Walking',
      'vehicles-parts/Car Accessories',
    ],
    boothNames: ['Trailhead Trades', "{first}'s Basecamp", '{city} Gear Closet'],
    blurbs: [
      'Camping, paddling and ski gear I have upgraded from. Everything cleaned and checked.',
      'Weekend-adventure gear looking for its next trip.',
    ],
    wants: [
      'Climbing gear',
      'Backpacking stove',
      'Trail running shoes',
      'Bike tune-up',
      'Kayak',
      'Dog sitting',
      'Camping food',
    ],
  },
  {
    key: 'techie',
    focus: [
      'electronics',
      'electronics',
      'tech-help',
      'repairs/Electronics Repair',
      'toys-games/Video Games',
    ],
    boothNames: ['Byte Swap', "{first}'s Gadget Drawer", 'Refurb Corner'],
    blurbs: [
      'Gadgets I have replaced, reset and tested. I can also help you set up yours.',
      'Phones, laptops and accessories, plus tech help for neighbors.',
    ],
    wants: [
      'Mechanical keyboards',
      'Retro consoles',
      'Raspberry Pi',
      'Coffee gear',
      'Standing desk',
      'Cooking lessons',
      'Board games',
    ],
  },
  {
    key: 'handy',
    focus: [
      'tools',
      'tools',
      'home-services',
      'repairs/Furniture Repair',
      'furniture',
      'home-services/Handyman',
    ],
    boothNames: ['The Tool Shed', "{first}'s Workshop", '{last} Fix-It'],
    blurbs: [
      'Tools I have doubles of, and a free afternoon now and then for small jobs around the house.',
      'Garage clean-out: tools, hardware and furniture that just needs a little love.',
    ],
    wants: [
      'Hardwood offcuts',
      'Table saw',
      'Vintage hand planes',
      'Firewood',
      'Homemade bread',
      'Car detailing',
      'Fishing gear',
    ],
  },
  {
    key: 'bookworm',
    focus: ['books', 'books', 'books', 'tutoring', 'collectibles/Stamps'],
    boothNames: ['Dog-Eared Books', "{first}'s Bookshelf", 'The Reading Nook'],
    blurbs: [
      'Too many books and not enough shelves. Swap me something good to read!',
      'Fiction, history and cookbooks from a retired librarian, plus tutoring for students.',
    ],
    wants: [
      'Mystery novels',
      'Bookshelves',
      'Reading lamp',
      'Audiobook credits',
      'Garden vegetables',
      'Tea',
      'Jigsaw puzzles',
    ],
  },
  {
    key: 'homebody',
    focus: [
      'home-garden',
      'furniture',
      'furniture/Lighting',
      'cleaning',
      'design/Interior Design',
      'home-garden/Decor',
    ],
    boothNames: ['Nest & Swap', "{first}'s Home Goods", 'Second Home Finds'],
    blurbs: [
      'Redecorating, so good furniture and home goods need new rooms to live in.',
      'Home goods from a recent move, plus help making a space feel finished.',
    ],
    wants: ['Houseplants', 'Art prints', 'Rugs', 'Ceramics', 'Painting help', 'Candles', 'Linen'],
  },
  {
    key: 'fashion',
    focus: [
      'clothing',
      'clothing',
      'clothing/Shoes',
      'repairs/Clothing Alterations',
      'clothing/Jewelry & Watches',
    ],
    boothNames: ['Closet Swap Club', "{first}'s Wardrobe", 'Thread Count Trades'],
    blurbs: [
      'Closet clean-out: quality pieces in great shape. I also hem and alter.',
      'Vintage and modern clothes, shoes and accessories. Ask me about sizes!',
    ],
    wants: [
      'Vintage denim',
      'Leather boots',
      'Sewing patterns',
      'Fabric',
      'Jewelry',
      'Photography',
      'Houseplants',
    ],
  },
  {
    key: 'cyclist',
    focus: [
      'sports-outdoors/Bikes',
      'vehicles-parts/Bicycle Parts',
      'repairs/Bike Repair',
      'errands/Deliveries',
      'sports-outdoors/Fitness Equipment',
    ],
    boothNames: ['Spoke & Swap', "{first}'s Bike Bench", '{city} Pedal Exchange'],
    blurbs: [
      'Bikes and parts from my garage, and tune-ups for yours. Ride more, buy less.',
      'Commuter and road bike bits, plus cargo-bike deliveries around town.',
    ],
    wants: [
      'Bike parts',
      'Panniers',
      'Rain gear',
      'Coffee beans',
      'Bike lights',
      'Climbing shoes',
      'Home-cooked meals',
    ],
  },
  {
    key: 'gardener',
    focus: [
      'home-garden/Plants & Seeds',
      'home-garden/Patio & Grill',
      'tools/Garden Tools',
      'home-services/Gardening & Lawn Care',
      'books/Non-fiction',
    ],
    boothNames: ['Seed & Soil Swap', "{first}'s Garden Gate", 'Green Thumb Trades'],
    blurbs: [
      'Cuttings, seedlings and garden tools from a backyard that got out of hand (happily).',
      'Plants, seeds and help with your garden beds.',
    ],
    wants: [
      'Rare houseplants',
      'Terracotta pots',
      'Compost',
      'Garden tools',
      'Canning jars',
      'Honey',
      'Rain barrel',
    ],
  },
  {
    key: 'photographer',
    focus: [
      'electronics/Cameras',
      'photography',
      'photography',
      'collectibles/Art',
      'design/Graphic Design',
    ],
    boothNames: ['Aperture Exchange', "{first}'s Photo Booth", 'Golden Hour Trades'],
    blurbs: [
      'Camera gear I have outgrown and photo sessions for people, products and places.',
      'Lenses, bodies and prints. Happy to shoot your portraits or shop photos in trade.',
    ],
    wants: [
      'Film cameras',
      'Vintage lenses',
      'Studio lights',
      'Travel gear',
      'Web design',
      'Art prints',
    ],
  },
  {
    key: 'gamer',
    focus: [
      'toys-games/Video Games',
      'toys-games/Board Games',
      'electronics/Video Game Consoles',
      'collectibles/Trading Cards',
      'books/Comics & Graphic Novels',
    ],
    boothNames: ['Level Up Swaps', "{first}'s Game Shelf", 'Meeple Market'],
    blurbs: [
      'Board games played a few times, video games finished, and a box of cards.',
      'Games, consoles and comics. Always up for a trade night.',
    ],
    wants: [
      'Board game expansions',
      'Retro consoles',
      'Manga',
      'Switch games',
      'Trading cards',
      'Pizza night',
    ],
  },
  {
    key: 'student',
    focus: ['moving', 'errands', 'furniture/Desks', 'books/Textbooks', 'tutoring'],
    boothNames: ['Dorm Room Deals', "{first}'s Moving Sale", 'Campus Swap Spot'],
    blurbs: [
      'Grad student with textbooks, a desk and two strong arms for your moving day.',
      'Moving soon, so everything goes. I also help with errands and moving.',
    ],
    wants: [
      'Textbooks',
      'Desk chair',
      'Bike',
      'Kitchen basics',
      'Haircut',
      'Home-cooked meals',
      'Laptop stand',
    ],
  },
  {
    key: 'car',
    focus: [
      'vehicles-parts',
      'vehicles-parts',
      'repairs/Car Maintenance',
      'cleaning/Car Detailing',
      'tools/Hand Tools',
    ],
    boothNames: ['Garage Day Swaps', "{first}'s Pit Stop", 'Torque & Trade'],
    blurbs: [
      'Car parts and accessories, plus oil changes and detailing in your driveway.',
      'Weekend mechanic clearing out the garage.',
    ],
    wants: ['Floor jack', 'Socket sets', 'Car audio', 'Camping gear', 'Vinyl records', 'Barbecue'],
  },
  {
    key: 'pets',
    focus: [
      'pet-care',
      'pet-care',
      'home-garden/Decor',
      'design/Illustration',
      'clothing/Bags & Accessories',
    ],
    boothNames: ['Wag & Swap', "{first}'s Pet Corner", 'Happy Paws Trades'],
    blurbs: [
      'Dog walks, cat sitting and pet portraits from a lifelong animal person.',
      'Pet care for your furry family, and a few home goods I no longer need.',
    ],
    wants: ['Dog toys', 'Pet bed', 'Houseplants', 'Baked goods', 'Photography', 'Yoga classes'],
  },
  {
    key: 'artist',
    focus: [
      'collectibles/Art',
      'collectibles/Antiques',
      'lessons/Art Lessons',
      'lessons/Crafts',
      'design',
    ],
    boothNames: ['Studio Swap', "{first}'s Art Table", 'Brush & Barter'],
    blurbs: [
      'Original art, vintage finds and classes for anyone who wants to make things.',
      'Painter and potter trading prints, antiques and lessons.',
    ],
    wants: ['Art supplies', 'Frames', 'Ceramics', 'Studio space', 'Vintage furniture', 'Fabric'],
  },
  {
    key: 'cook',
    focus: [
      'home-garden/Kitchen & Dining',
      'home-garden/Appliances',
      'books/Cookbooks',
      'lessons/Cooking Classes',
      'errands/Grocery Shopping',
    ],
    boothNames: ['The Swap Kitchen', "{first}'s Pantry", 'Cast Iron & Co.'],
    blurbs: [
      'Kitchen gear from an enthusiastic home cook, plus pasta and bread classes.',
      'Too many gadgets, too little counter space. Come cook with me!',
    ],
    wants: [
      'Cast iron',
      'Spices',
      'Fresh eggs',
      'Knife sharpening',
      'Cookbooks',
      'Garden herbs',
      'Wine glasses',
    ],
  },
  {
    key: 'fitness',
    focus: [
      'sports-outdoors/Fitness Equipment',
      'lessons/Fitness Coaching',
      'lessons/Dance',
      'clothing/Shoes',
      'electronics/Wearables',
    ],
    boothNames: ['Rep & Swap', "{first}'s Home Gym", 'Move More Trades'],
    blurbs: [
      'Home gym gear and coaching sessions. Let us get you moving.',
      'Weights, mats and wearables, plus dance and running coaching.',
    ],
    wants: [
      'Kettlebells',
      'Running shoes',
      'Massage',
      'Meal prep help',
      'Foam roller',
      'Bike',
      'Smoothie blender',
    ],
  },
];

/** Name, ZIP (with its area code for a plausible phone number) and persona of each member. */
const roster: [first: string, last: string, zip: string, area: string, persona: string][] = [
  ['Maria', 'Gonzalez', '97214', '503', 'gardener'],
  ['James', 'Okafor', '97211', '503', 'cyclist'],
  ['Priya', 'Raman', '97202', '503', 'bookworm'],
  ['Daniel', 'Kim', '98103', '206', 'techie'],
  ['Hannah', 'Lindqvist', '98122', '206', 'outdoors'],
  ['Carlos', 'Mendoza', '94110', '415', 'musician'],
  ['Aisha', 'Bello', '94607', '510', 'fashion'],
  ['Kevin', 'Nguyen', '90026', '213', 'photographer'],
  ['Sofia', 'Rossi', '90405', '310', 'cook'],
  ['Ethan', 'Brooks', '92104', '619', 'fitness'],
  ['Lucia', 'Herrera', '85004', '602', 'artist'],
  ['Tyler', 'Johansen', '80206', '303', 'outdoors'],
  ['Grace', 'Liu', '80211', '303', 'parent'],
  ['Marcus', 'Whitfield', '84103', '801', 'car'],
  ['Elena', 'Vasquez', '87106', '505', 'artist'],
  ['Jordan', 'Reyes', '78704', '512', 'musician'],
  ['Chloe', 'Bennett', '78702', '512', 'homebody'],
  ['Andre', 'Thompson', '77008', '713', 'gamer'],
  ['Nora', 'Halvorsen', '55408', '612', 'handy'],
  ['Samuel', 'Osei', '53703', '608', 'student'],
  ['Olivia', 'Kowalski', '60647', '773', 'pets'],
  ['Ryan', "O'Connell", '60614', '773', 'techie'],
  ['Fatima', 'Haddad', '45202', '513', 'cook'],
  ['Benjamin', 'Clarke', '37206', '615', 'musician'],
  ['Jasmine', 'Carter', '30307', '404', 'fashion'],
  ['Miguel', 'Santos', '32803', '407', 'parent'],
  ['Isabella', 'Moreno', '33139', '305', 'fitness'],
  ['Noah', 'Patel', '28204', '704', 'gamer'],
  ['Leah', 'Abramson', '27701', '919', 'bookworm'],
  ['William', 'Hayes', '23220', '804', 'handy'],
  ['Zoe', 'Mitchell', '20009', '202', 'photographer'],
  ['Omar', 'Rahman', '19125', '215', 'cyclist'],
  ['Mei', 'Chen', '10025', '212', 'homebody'],
  ['Isaac', 'Goldberg', '11215', '718', 'parent'],
  ['Amara', 'Nwosu', '07302', '201', 'student'],
  ['Liam', 'Sullivan', '02139', '617', 'gardener'],
  ['Emma', 'Fitzgerald', '02130', '617', 'pets'],
  ['Henry', 'Larsen', '05401', '802', 'outdoors'],
  ['Camille', 'Dubois', '70117', '504', 'cook'],
  ['Caleb', 'Weston', '83702', '208', 'car'],
];

const streets = [
  'Maple Ave',
  'Oak St',
  'Cedar Ln',
  'Elm St',
  'Park Ave',
  'Washington St',
  'Lincoln Ave',
  'Highland Ave',
  'Lakeview Dr',
  'Riverside Dr',
  'Hillcrest Rd',
  'Sunset Blvd',
  'Chestnut St',
  'Willow Way',
  'Magnolia St',
  'Franklin St',
  'Grant Ave',
  'Jefferson St',
  'Spruce St',
  'Pine St',
];

export interface Member {
  /** 1-based, stable across runs. */
  n: number;
  tag: string;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  dob: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zipCode: string;
  persona: Persona;
  boothName: string;
  boothDescription: string;
  interests: string[];
}

const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

/** The demo members, all derived from the roster and the member number. */
export function planMembers(count: number, emailDomain: string): Member[] {
  const byKey = new Map(personas.map((p) => [p.key, p]));
  const usernames = new Set<string>();
  const boothNames = new Set<string>();
  return roster.slice(0, count).map(([first, last, zip, area, personaKey], i) => {
    const n = i + 1;
    const r = new Random(`member:${n}`);
    const place = zipcodes.lookup(zip);
    if (!place || place.country !== 'US') throw new Error(`${zip} is not a known US ZIP code`);
    const persona = byKey.get(personaKey);
    if (!persona) throw new Error(`unknown persona ${personaKey}`);
    let username = `${ascii(first)}.${ascii(last).charAt(0)}`;
    if (usernames.has(username)) username = `${ascii(first)}.${ascii(last)}`;
    usernames.add(username);
    const fill = (t: string) =>
      t.replace('{first}', first).replace('{last}', last).replace('{city}', place.city);
    const names = r.shuffle(persona.boothNames).map(fill);
    const boothName = names.find((b) => !boothNames.has(b)) ?? `${names[0]} of ${place.city}`;
    boothNames.add(boothName);
    const year = r.int(1962, 2002);
    const tag = `member${String(n).padStart(2, '0')}`;
    return {
      n,
      tag,
      email: `${tag}@${emailDomain}`,
      firstName: first,
      lastName: last,
      username,
      phone: `(${area}) 555-01${String(r.int(0, 99)).padStart(2, '0')}`,
      dob: `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      street1: `${r.int(12, 4980)} ${r.pick(streets)}`,
      ...(r.chance(0.35) ? { street2: `Apt ${r.int(1, 6)}${r.pick(['A', 'B', 'C', 'D'])}` } : {}),
      city: place.city,
      state: place.state,
      zipCode: zip,
      persona,
      boothName,
      boothDescription: r.pick(persona.blurbs),
      interests: r.sample(persona.wants, r.int(2, 6)),
    };
  });
}

export const rosterSize = roster.length;
