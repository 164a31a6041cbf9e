/**
 * What demo members list, by category id and subcategory: `'Title | Brand | tag, tag'`.
 * Titles may hold `{a|b}` alternatives. Categories or subcategories that are not here still get
 * generic listings, so a changed taxonomy never breaks seeding.
 */
export const itemIdeas: Record<string, Record<string, string[]>> = {
  electronics: {
    Phones: [
      'iPhone 12 {64|128}GB, unlocked | Apple | iphone, smartphone, unlocked',
      'Google Pixel 6a with case | Google | android, pixel, smartphone',
      'Samsung Galaxy S21 5G | Samsung | android, galaxy, smartphone',
      'Motorola Moto G Power, unlocked | Motorola | android, budget phone',
    ],
    'Computers & Laptops': [
      'Apple MacBook Air 13" M1 | Apple | laptop, macbook, macos',
      'Lenovo ThinkPad T480 14" laptop | Lenovo | laptop, windows, thinkpad',
      'Dell 24" IPS monitor | Dell | monitor, display, home office',
      'Acer Chromebook 11 | Acer | chromebook, laptop, student',
    ],
    Tablets: [
      'iPad 9th generation {64|256}GB | Apple | ipad, tablet',
      'Amazon Kindle Paperwhite | Amazon | e-reader, kindle',
      'Samsung Galaxy Tab A8 | Samsung | android, tablet',
    ],
    Cameras: [
      'Canon EOS Rebel T6 with 18-55mm lens | Canon | dslr, camera, lens',
      'Fujifilm Instax Mini 11 instant camera | Fujifilm | instant camera, instax',
      'GoPro HERO8 Black action camera | GoPro | action camera, gopro',
      'Nikon 50mm f/1.8 prime lens | Nikon | lens, prime, portrait',
    ],
    'Audio & Headphones': [
      'Sony WH-1000XM4 noise-cancelling headphones | Sony | headphones, noise cancelling, bluetooth',
      'Bose SoundLink Mini bluetooth speaker | Bose | speaker, bluetooth',
      'Audio-Technica AT-LP60X turntable | Audio-Technica | turntable, vinyl, record player',
    ],
    'TV & Video': [
      'TCL 43" 4K smart TV | TCL | tv, 4k, roku',
      'Roku Streaming Stick 4K | Roku | streaming, roku',
      'Mini projector with HDMI | | projector, movie night',
    ],
    'Video Game Consoles': [
      'Nintendo Switch with two Joy-Cons | Nintendo | switch, console, gaming',
      'Sony PlayStation 4 Slim 500GB | Sony | ps4, playstation, console',
      'Microsoft Xbox One S with controller | Microsoft | xbox, console',
    ],
    Wearables: [
      'Apple Watch Series 5, 44mm | Apple | smartwatch, apple watch',
      'Fitbit Charge 4 fitness tracker | Fitbit | fitness tracker, fitbit',
      'Garmin Forerunner 45 GPS running watch | Garmin | running watch, gps',
    ],
    Accessories: [
      'Anker 20,000mAh power bank | Anker | power bank, charger',
      'Logitech MX Master 3 wireless mouse | Logitech | mouse, wireless, home office',
      'Keychron mechanical keyboard, brown switches | Keychron | keyboard, mechanical',
    ],
  },
  furniture: {
    'Sofas & Chairs': [
      'Mid-century armchair | | armchair, mid-century, living room',
      'IKEA Poäng chair with cushion | IKEA | armchair, ikea',
      'Three-seat sofa, {grey|navy|oatmeal} | | sofa, couch, living room',
    ],
    Tables: [
      'Solid oak dining table, seats 6 | | dining table, oak, solid wood',
      'Round bistro table | | bistro, small space',
      'Lift-top coffee table | | coffee table, storage',
    ],
    'Beds & Mattresses': [
      'Queen bed frame, walnut finish | | bed frame, queen',
      'Zinus twin memory-foam mattress | Zinus | mattress, twin, memory foam',
      "Kids' bunk bed | | bunk bed, kids room",
    ],
    'Storage & Shelving': [
      'IKEA Kallax 4x4 shelf | IKEA | kallax, shelving, storage',
      'Six-drawer dresser | | dresser, bedroom',
      'Industrial pipe bookshelf | | bookshelf, industrial',
    ],
    Desks: [
      'Flexispot electric standing desk | Flexispot | standing desk, home office',
      'Writing desk with drawer | | desk, home office',
      'L-shaped corner desk | | corner desk, computer desk',
    ],
    'Outdoor Furniture': [
      'Teak patio chairs, set of 2 | | patio, teak, outdoor',
      'Adirondack chair | | adirondack, porch',
      'Hammock with stand | | hammock, backyard',
    ],
    Lighting: [
      'Brass floor lamp | | floor lamp, brass',
      'Mid-century table lamp | | table lamp, mid-century',
      'Rattan pendant light | | pendant, rattan',
    ],
  },
  clothing: {
    "Women's": [
      'Madewell high-rise jeans, size {27|28|29} | Madewell | denim, jeans',
      'Reformation linen wrap dress, size M | Reformation | dress, linen, summer',
      'Everlane cashmere crewneck sweater, size S | Everlane | cashmere, sweater',
    ],
    "Men's": [
      'Levi’s 501 jeans, 32x32 | Levi’s | denim, jeans',
      'Patagonia fleece pullover, size L | Patagonia | fleece, outdoor',
      'J.Crew oxford button-down shirt, size M | J.Crew | shirt, oxford',
    ],
    "Kids'": [
      "Columbia kids' winter jacket, size 6 | Columbia | kids, jacket, winter",
      'Carter’s bundle of toddler clothes, 2T | Carter’s | toddler, bundle',
      "Hunter kids' rain boots, size 11 | Hunter | boots, rain",
    ],
    Shoes: [
      'Nike Air Max 90 sneakers, men’s {9|10|11} | Nike | sneakers, running',
      'Dr. Martens 1460 leather boots, size 8 | Dr. Martens | boots, leather',
      'Birkenstock Arizona sandals, EU 39 | Birkenstock | sandals',
    ],
    Outerwear: [
      'The North Face down jacket, size M | The North Face | down jacket, winter',
      'Barbour waxed cotton field jacket | Barbour | jacket, waxed',
      'Arc’teryx rain shell, size L | Arc’teryx | rain jacket, hiking',
    ],
    'Bags & Accessories': [
      'Fossil leather messenger bag | Fossil | bag, leather',
      'Herschel classic backpack | Herschel | backpack',
      'Wool scarf and beanie set | | scarf, beanie, winter',
    ],
    'Jewelry & Watches': [
      'Sterling silver hoop earrings | | earrings, silver',
      'Seiko 5 automatic watch | Seiko | watch, automatic',
      'Handmade beaded necklace | | necklace, handmade',
    ],
  },
  books: {
    Fiction: [
      'Stack of 10 paperback mysteries | | mystery, paperbacks, bundle',
      'The Overstory, hardcover | | literary fiction, hardcover',
      'Fantasy trilogy box set | | fantasy, box set',
      'Classic novels bundle: Austen, Brontë, Eliot | Penguin Classics | classics, bundle',
    ],
    'Non-fiction': [
      'Sapiens, hardcover | | history, hardcover',
      'Lonely Planet travel guides, set of 4 | Lonely Planet | travel, guides',
      'Gardening and homesteading books, lot of 5 | | gardening, homesteading',
    ],
    "Children's": [
      'Picture book bundle, 15 books | | picture books, kids',
      'Magic Tree House books 1-12 | | chapter books, kids',
      'Dr. Seuss board books | | board books, toddler',
    ],
    Textbooks: [
      'Calculus: Early Transcendentals, 8th ed. | Cengage | textbook, calculus, math',
      'Campbell Biology, 11th ed. | Pearson | textbook, biology',
      'Intro to Psychology textbook | | textbook, psychology',
    ],
    'Comics & Graphic Novels': [
      'Saga volumes 1-6 | Image Comics | graphic novel, saga',
      'Marvel comics lot, 20 issues | Marvel | comics, marvel',
      'One Piece manga, volumes 1-10 | Viz Media | manga',
    ],
    Cookbooks: [
      'Salt, Fat, Acid, Heat | | cookbook, cooking',
      'Baking cookbooks, set of 3 | | baking, cookbook',
      'Vintage Betty Crocker cookbook | | vintage, cookbook',
    ],
    Magazines: [
      'National Geographic, 2015-2019 | National Geographic | magazines, collection',
      'Woodworking magazines, 24 issues | | woodworking, magazines',
      'Vogue back issues | Vogue | fashion, magazines',
    ],
  },
  'toys-games': {
    'Board Games': [
      'Catan with Seafarers expansion | Catan | board game, strategy',
      'Ticket to Ride | Days of Wonder | board game, family',
      'Wingspan | Stonemaier Games | board game, strategy',
    ],
    Puzzles: [
      'Ravensburger 1000-piece puzzle, {national parks|vintage map|mountain lake} | Ravensburger | jigsaw, 1000 pieces',
      'Wooden brain-teaser puzzles, set of 6 | | brain teaser, wooden',
      'Jigsaw bundle, 4 boxes, all pieces counted | | jigsaw, bundle',
    ],
    'Building Sets': [
      'LEGO Classic large creative brick box | LEGO | lego, building',
      'LEGO Star Wars X-Wing set | LEGO | lego, star wars',
      'Magna-Tiles magnetic tiles, 60 pieces | Magna-Tiles | magnetic tiles, stem',
    ],
    'Dolls & Figures': [
      'American Girl doll with three outfits | American Girl | doll',
      'Hasbro Black Series figures, lot of 5 | Hasbro | action figures, star wars',
      'Wooden dollhouse with furniture | | dollhouse, wooden',
    ],
    'Outdoor Toys': [
      "Strider kids' balance bike | Strider | balance bike, toddler",
      'Backyard croquet set | | croquet, lawn games',
      'Step2 water table with accessories | Step2 | water play, toddler',
    ],
    'Video Games': [
      'Nintendo Zelda: Breath of the Wild (Switch) | Nintendo | switch, zelda',
      'PS4 games bundle, 6 titles | | ps4, games, bundle',
      'Nintendo Mario Kart 8 Deluxe (Switch) | Nintendo | switch, racing',
    ],
    'Baby & Toddler': [
      'Fisher-Price activity gym play mat | Fisher-Price | play mat, baby',
      'Melissa & Doug wooden stacking toys | Melissa & Doug | wooden toys, toddler',
      'Shape sorter and stacking cups | | toddler, learning',
    ],
  },
  'sports-outdoors': {
    Bikes: [
      'Trek FX 2 hybrid bike, medium | Trek | hybrid bike, commuter',
      'Schwinn vintage steel road bike, 56cm | Schwinn | road bike, vintage, steel',
      'Specialized 20" kids’ mountain bike | Specialized | kids bike, mountain bike',
    ],
    'Camping & Hiking': [
      'REI Half Dome 2 tent | REI | tent, backpacking',
      'Osprey Atmos 65L backpack | Osprey | backpack, hiking',
      'Kelty 20°F sleeping bag | Kelty | sleeping bag, camping',
      'Coleman two-burner camp stove | Coleman | camp stove, camping',
    ],
    'Fitness Equipment': [
      'Bowflex adjustable dumbbells, 5-52.5 lb | Bowflex | dumbbells, weights, home gym',
      'Manduka yoga mat and blocks | Manduka | yoga, mat',
      'Kettlebell set: 15, 25 and 35 lb | | kettlebell, strength',
    ],
    'Team Sports': [
      'Adidas youth soccer cleats, size 4 | Adidas | soccer, cleats',
      'Rawlings 12" baseball glove | Rawlings | baseball, glove',
      'Spalding indoor/outdoor basketball | Spalding | basketball',
    ],
    'Water Sports': [
      'iRocker inflatable paddle board with pump | iRocker | paddle board, sup',
      'O’Neill 3/2mm wetsuit, size M | O’Neill | wetsuit, surfing',
      'Cressi snorkel set | Cressi | snorkel, swimming',
    ],
    'Winter Sports': [
      'Burton snowboard, 156cm | Burton | snowboard',
      'Salomon ski boots, 26.5 | Salomon | ski boots, skiing',
      'MSR snowshoes with poles | MSR | snowshoes, winter hiking',
    ],
    Fishing: [
      'Ugly Stik spinning rod and reel combo | Ugly Stik | fishing rod, spinning',
      'Plano stocked tackle box | Plano | tackle, lures',
      'Orvis 9 ft 5wt fly rod | Orvis | fly fishing',
    ],
  },
  tools: {
    'Power Tools': [
      'DeWalt cordless drill with two batteries | DeWalt | drill, cordless, 20v',
      'Makita 7-1/4" circular saw | Makita | saw, circular saw',
      'Bosch random orbit sander | Bosch | sander, woodworking',
    ],
    'Hand Tools': [
      'Craftsman socket set, 40 pieces | Craftsman | sockets, mechanics',
      'Stanley wood chisel set | Stanley | chisels, woodworking',
      'Suizan Japanese pull saw | Suizan | saw, woodworking',
    ],
    'Garden Tools': [
      'Ryobi cordless leaf blower | Ryobi | leaf blower, yard',
      'Fiskars pruning shears and loppers | Fiskars | pruning, garden',
      'Scotts reel push mower | Scotts | lawn mower, reel mower',
    ],
    'Measuring & Layout': [
      'Bosch self-leveling laser level | Bosch | laser level, layout',
      'Starrett combination square set | Starrett | square, measuring',
      'Zircon stud finder | Zircon | stud finder',
    ],
    'Tool Storage': [
      'Husky rolling tool chest | Husky | tool chest, garage',
      'Klein Tools 16" tool bag | Klein Tools | tool bag',
      'Pegboard kit with hooks | | pegboard, organization',
    ],
    Ladders: [
      'Werner 6 ft fiberglass step ladder | Werner | ladder, step ladder',
      'Little Giant 17 ft multi-position ladder | Little Giant | ladder, extension',
      'Two-step stool | | step stool',
    ],
  },
  'home-garden': {
    'Kitchen & Dining': [
      'Lodge cast iron skillet, {10|12}" | Lodge | cast iron, skillet',
      'KitchenAid tilt-head stand mixer | KitchenAid | mixer, baking',
      'Stoneware plates, set of 8 | | dinnerware, plates',
      'Breville Barista Express espresso machine | Breville | espresso, coffee',
    ],
    Decor: [
      'Large framed mirror | | mirror, decor',
      'Handwoven wool rug, 5x7 | | rug, wool',
      'Ceramic vase set | | vases, ceramic',
    ],
    'Bedding & Bath': [
      'Parachute queen linen duvet cover | Parachute | linen, duvet',
      'Turkish cotton towels, set of 4 | | towels, turkish cotton',
      'Weighted blanket, 15 lb | | weighted blanket',
    ],
    Appliances: [
      'Instant Pot Duo 6 qt pressure cooker | Instant Pot | pressure cooker, instant pot',
      'Dyson V8 cordless vacuum | Dyson | vacuum, cordless',
      'Cosori 5.8 qt air fryer | Cosori | air fryer',
    ],
    'Plants & Seeds': [
      'Monstera deliciosa in ceramic pot | | monstera, houseplant',
      'Rooted pothos cuttings | | pothos, cuttings, houseplant',
      'Heirloom tomato seedlings, 6-pack | | seedlings, tomato, vegetable garden',
      'Succulent collection | | succulents',
    ],
    'Patio & Grill': [
      'Weber 22" kettle grill | Weber | grill, charcoal',
      'Outdoor string lights, 48 ft | | string lights, patio',
      'Solo Stove steel fire pit | Solo Stove | fire pit',
    ],
  },
  'music-instruments': {
    'Guitars & Basses': [
      'Fender Player Stratocaster | Fender | electric guitar, stratocaster',
      'Yamaha FG800 acoustic guitar | Yamaha | acoustic guitar',
      'Squier Precision Bass | Squier | bass guitar',
    ],
    'Keyboards & Pianos': [
      'Yamaha P-45 digital piano | Yamaha | digital piano, 88 keys',
      'Casio 61-key keyboard | Casio | keyboard, beginner',
      'Arturia 49-key MIDI controller | Arturia | midi, controller',
    ],
    'Drums & Percussion': [
      'Pearl 5-piece drum kit | Pearl | drums, drum kit',
      'Meinl cajón | Meinl | cajon, percussion',
      'Alesis electronic drum kit | Alesis | e-drums, practice',
    ],
    'Wind & Brass': [
      'Yamaha student trumpet | Yamaha | trumpet, brass',
      'Jupiter alto saxophone with case | Jupiter | saxophone, alto',
      'Gemeinhardt silver-plated flute | Gemeinhardt | flute, woodwind',
    ],
    'String Instruments': [
      'Stentor 4/4 violin with bow and case | Stentor | violin, strings',
      'Kala concert ukulele | Kala | ukulele',
      'Rogue A-style mandolin | Rogue | mandolin, bluegrass',
    ],
    'Amplifiers & Effects': [
      'Fender Blues Junior tube amp | Fender | tube amp, guitar amp',
      'Boss DS-1 distortion pedal | Boss | pedal, distortion',
      'Orange 20W practice amp | Orange | practice amp',
    ],
    'Recording Gear': [
      'Focusrite Scarlett 2i2 audio interface | Focusrite | audio interface, recording',
      'Shure SM58 vocal microphone | Shure | microphone, vocal',
      'KRK studio monitors, pair | KRK | studio monitors, speakers',
    ],
  },
  collectibles: {
    'Coins & Currency': [
      'State quarters collection with map | | coins, state quarters',
      '1921 Morgan silver dollar | | coins, silver dollar',
      'World coins lot | | coins, world coins',
    ],
    Stamps: [
      'US stamp album, 1950s-1970s | | stamps, album',
      'Vintage airmail stamps | | stamps, airmail',
      'World stamps, 500+ | | stamps, world',
    ],
    'Trading Cards': [
      'Pokémon cards, 200+ with holos | Pokémon | pokemon, tcg',
      'Topps 1980s baseball cards lot | Topps | baseball cards, topps',
      'Magic: The Gathering commander deck | Wizards of the Coast | mtg, magic',
    ],
    'Vinyl Records': [
      'Jazz vinyl lot, 15 LPs | | vinyl, jazz, lp',
      'Fleetwood Mac, Rumours, original pressing | Warner Bros. | vinyl, classic rock',
      'Soul and funk 45s, 30 singles | | vinyl, soul, 45s',
    ],
    Antiques: [
      'Antique brass candlesticks | | antique, brass',
      'Victorian side table | | antique, victorian',
      'Smith-Corona vintage typewriter | Smith-Corona | typewriter, vintage',
    ],
    Art: [
      'Original watercolor, framed | | watercolor, original art',
      'Signed screen print, 18x24 | | screen print, poster',
      'Small landscape oil painting | | oil painting, landscape',
    ],
    Memorabilia: [
      'Signed baseball | | autograph, baseball',
      'Vintage concert posters | | posters, concert',
      'Olympic pins collection | | pins, olympics',
    ],
  },
  'baby-kids': {
    'Strollers & Car Seats': [
      'UPPAbaby Vista stroller | UPPAbaby | stroller',
      'Graco convertible car seat | Graco | car seat',
      'BOB jogging stroller | BOB | jogging stroller',
    ],
    Nursery: [
      'DaVinci convertible crib | DaVinci | crib, nursery',
      'Glider rocker | | glider, nursery',
      'Infant Optics video baby monitor | Infant Optics | baby monitor',
    ],
    Feeding: [
      'Stokke Tripp Trapp high chair | Stokke | high chair',
      'Dr. Brown’s bottle set and sterilizer | Dr. Brown’s | bottles, feeding',
      'Silicone bibs and plates set | | feeding, silicone',
    ],
    "Kids' Furniture": [
      "Kids' table and two chairs | | kids table, playroom",
      'Toddler bed | | toddler bed',
      'Front-facing book display shelf | | bookshelf, playroom',
    ],
    Maternity: [
      'Maternity jeans, size M | | maternity, jeans',
      'Boppy nursing pillow | Boppy | nursing pillow',
      'Maternity dresses bundle | | maternity, dresses',
    ],
  },
  'vehicles-parts': {
    'Car Parts': [
      'Bosch brake pads and rotors for 2016-2021 Civic | Bosch | brakes, honda civic',
      'Subaru OEM floor mats for Outback | Subaru | floor mats, subaru',
      'Optima group 35 car battery | Optima | battery',
    ],
    'Motorcycle Parts': [
      'Bell motorcycle helmet, size M | Bell | helmet, motorcycle',
      'Leather saddlebags | | saddlebags, touring',
      'Motorcycle cover | | cover, motorcycle',
    ],
    'Bicycle Parts': [
      'Shimano 105 groupset | Shimano | groupset, road bike',
      'Shimano SPD clipless pedals | Shimano | pedals, spd',
      '700c wheelset | | wheels, road bike',
    ],
    'Tires & Wheels': [
      'Bridgestone winter tires 205/55R16, set of 4 | Bridgestone | winter tires, blizzak',
      '17" alloy wheels, set of 4 | | wheels, alloy',
      'Spare tire with jack | | spare tire',
    ],
    'Car Accessories': [
      'Thule roof cargo box | Thule | roof box, cargo',
      'Saris hitch-mount bike rack | Saris | bike rack',
      'Garmin dash cam | Garmin | dash cam',
    ],
  },
};

export const serviceIdeas: Record<string, Record<string, string[]>> = {
  tutoring: {
    Math: [
      'Algebra and geometry tutoring | | algebra, geometry, high school',
      'Calculus help for college students | | calculus, college',
    ],
    Science: [
      'Chemistry tutoring, high school and AP | | chemistry, ap',
      'Biology study sessions | | biology, exam prep',
    ],
    Languages: [
      'Conversational Spanish lessons | | spanish, conversation',
      'French for beginners | | french, beginner',
      'Mandarin conversation practice | | mandarin, chinese',
    ],
    'Writing & Essays': [
      'College essay coaching | | college essays, admissions',
      'Proofreading and editing | | editing, proofreading',
    ],
    'Test Prep': ['SAT math prep | | sat, test prep', 'GRE verbal coaching | | gre, test prep'],
    'Computer Skills': [
      'Excel and spreadsheet basics | | excel, spreadsheets',
      'Intro to Python programming | | python, coding',
    ],
  },
  repairs: {
    'Electronics Repair': [
      'Phone screen replacement | | screen repair, phone',
      'Laptop tune-up and battery swap | | laptop repair',
    ],
    'Appliance Repair': [
      'Washer and dryer troubleshooting | | washer, dryer',
      'Small appliance fixes | | appliance repair',
    ],
    'Bike Repair': [
      'Full bike tune-up | | tune-up, bicycle',
      'Flat fixes and brake adjustments | | flat repair, brakes',
    ],
    'Clothing Alterations': [
      'Hemming and simple alterations | | hemming, sewing',
      'Zipper replacement | | zipper, sewing',
    ],
    'Furniture Repair': [
      'Wobbly chair and table fixes | | furniture repair, woodworking',
      'Furniture refinishing | | refinishing, restoration',
    ],
    'Car Maintenance': [
      'Oil change in your driveway | | oil change, car',
      'Brake pad replacement | | brakes, car',
    ],
  },
  cleaning: {
    'House Cleaning': [
      'Three-hour deep clean | | deep clean, house',
      'Weekly tidy-up | | cleaning, weekly',
    ],
    'Carpet & Upholstery': [
      'Carpet shampooing | | carpet, steam clean',
      'Sofa upholstery cleaning | | upholstery, sofa',
    ],
    'Window Cleaning': ['Window washing, inside and out | | windows'],
    'Move-out Cleaning': ['Move-out clean for renters | | move-out, deposit'],
    'Car Detailing': [
      'Interior car detailing | | detailing, car interior',
      'Hand wash and wax | | car wash, wax',
    ],
  },
  design: {
    'Graphic Design': [
      'Flyer and poster design | | flyers, posters',
      'Social media graphics | | social media, instagram',
    ],
    'Web Design': [
      'Simple website for your small business | | website, small business',
      'Squarespace setup | | squarespace, website',
    ],
    'Interior Design': ['Room refresh consultation | | interior design, consultation'],
    'Logo & Branding': ['Logo design, three concepts | | logo, branding'],
    Illustration: [
      'Custom pet portrait illustration | | pet portrait, illustration',
      'Hand-drawn map of your neighborhood | | map, illustration',
    ],
  },
  moving: {
    'Local Moving': ['Two movers and a van, 2 hours | | moving help, van'],
    'Packing Help': ['Packing help, boxes included | | packing, boxes'],
    'Furniture Assembly': ['Flat-pack furniture assembly | | assembly, ikea'],
    'Hauling & Junk Removal': [
      'Pickup truck hauling | | hauling, truck',
      'Dump run for yard waste | | junk removal',
    ],
    'Storage Help': ['Garage and storage unit organizing | | organizing, storage'],
  },
  'pet-care': {
    'Dog Walking': ['Midday dog walks, 30 minutes | | dog walking'],
    'Pet Sitting': [
      'Cat sitting while you travel | | cat sitting',
      'Overnight pet sitting | | pet sitting, overnight',
    ],
    Grooming: ['Dog bath and nail trim | | grooming, nail trim'],
    Training: ['Puppy basics training | | puppy training, obedience'],
    'Pet Boarding': ['Home boarding for small dogs | | boarding, small dogs'],
  },
  photography: {
    Portraits: [
      'Outdoor portrait session | | portraits, outdoor',
      'Professional headshots | | headshots, linkedin',
    ],
    Events: ['Birthday party photography | | events, party'],
    'Product Photography': ['Product photos for online shops | | product photos, etsy'],
    'Real Estate': ['Listing photos for rentals | | real estate, listing photos'],
    'Photo Editing': ['Photo retouching and restoration | | retouching, restoration'],
  },
  lessons: {
    'Music Lessons': [
      'Beginner guitar lessons | | guitar, lessons',
      'Piano lessons for kids | | piano, kids',
      'Drum lessons | | drums',
    ],
    'Art Lessons': [
      'Watercolor basics | | watercolor, painting',
      'Drawing lessons | | drawing, sketching',
    ],
    'Cooking Classes': [
      'Homemade pasta class | | pasta, italian',
      'Sourdough bread workshop | | sourdough, baking',
    ],
    'Fitness Coaching': [
      'Personal training sessions | | personal training, strength',
      'Couch-to-5K running coaching | | running, 5k',
    ],
    Dance: ['Salsa lessons for couples | | salsa, dance', 'Swing dance basics | | swing, dance'],
    Crafts: [
      'Learn to knit | | knitting, crafts',
      'Intro to the pottery wheel | | pottery, ceramics',
    ],
  },
  'home-services': {
    Handyman: ['Handyman hour: shelves, TV mounts, small fixes | | handyman, mounting'],
    'Gardening & Lawn Care': [
      'Lawn mowing and edging | | lawn care, mowing',
      'Garden bed setup and weeding | | gardening, raised beds',
    ],
    Painting: ['Interior room painting | | painting, walls'],
    'Plumbing Help': ['Leaky faucet and running toilet fixes | | plumbing, faucet'],
    'Electrical Help': ['Light fixture and switch installs | | light fixtures, electrical'],
  },
  'tech-help': {
    'Computer Setup': ['New computer setup and data transfer | | computer setup, data transfer'],
    'Phone Help': ['Smartphone help for seniors | | smartphone, seniors'],
    'Smart Home Setup': ['Smart thermostat and lights setup | | smart home, thermostat'],
    'Data Recovery': ['Photo and file recovery | | data recovery, backup'],
    'Website Help': ['WordPress fixes and updates | | wordpress, website'],
  },
  childcare: {
    Babysitting: ['Evening babysitting | | babysitting, date night'],
    'After-school Care': ['After-school pickup and care | | after-school, pickup'],
    'Homework Help': ['Homework help, grades 1-6 | | homework, elementary'],
  },
  errands: {
    'Grocery Shopping': ['Weekly grocery runs | | groceries, errands'],
    Deliveries: ['Local deliveries by cargo bike | | delivery, cargo bike'],
    'Waiting in Line': ['I will wait in line for you | | waiting in line, errands'],
    Rides: ['Rides to the airport | | airport, rides'],
  },
};

/** Typical shipping weight in pounds, by item subcategory; listings elsewhere state none. */
export const itemWeights: Record<string, [number, number]> = {
  Phones: [0.4, 0.6],
  'Computers & Laptops': [2.5, 9],
  Tablets: [0.6, 1.4],
  Cameras: [0.5, 2.5],
  'Audio & Headphones': [0.6, 8],
  'TV & Video': [0.3, 22],
  'Video Game Consoles': [3, 7],
  Wearables: [0.1, 0.3],
  Accessories: [0.2, 2.5],
  'Sofas & Chairs': [25, 120],
  Tables: [20, 90],
  'Storage & Shelving': [30, 80],
  Desks: [35, 85],
  'Outdoor Furniture': [15, 45],
  Lighting: [3, 15],
  "Women's": [0.5, 2],
  "Men's": [0.6, 2.5],
  "Kids'": [0.5, 3],
  Shoes: [1.5, 4],
  Outerwear: [1.5, 4],
  'Bags & Accessories': [0.5, 3],
  'Jewelry & Watches': [0.1, 0.5],
  Fiction: [1, 8],
  'Non-fiction': [1.5, 6],
  "Children's": [2, 10],
  Textbooks: [3, 6],
  'Comics & Graphic Novels': [2, 9],
  Cookbooks: [2, 6],
  Magazines: [5, 25],
  'Board Games': [2, 6],
  Puzzles: [1.5, 6],
  'Building Sets': [2, 9],
  'Dolls & Figures': [1.5, 20],
  'Video Games': [0.2, 1.5],
  'Baby & Toddler': [1, 8],
  Bikes: [18, 32],
  'Camping & Hiking': [2.5, 12],
  'Fitness Equipment': [3, 75],
  'Team Sports': [1, 3],
  'Water Sports': [2, 25],
  'Winter Sports': [4, 9],
  Fishing: [1.5, 6],
  'Power Tools': [4, 12],
  'Hand Tools': [2, 12],
  'Measuring & Layout': [0.5, 3],
  'Tool Storage': [4, 60],
  'Kitchen & Dining': [5, 25],
  Decor: [3, 25],
  'Bedding & Bath': [2, 16],
  Appliances: [6, 15],
  'Guitars & Basses': [7, 10],
  'Keyboards & Pianos': [8, 26],
  'Wind & Brass': [4, 9],
  'String Instruments': [2, 6],
  'Amplifiers & Effects': [1, 30],
  'Recording Gear': [1, 20],
  'Coins & Currency': [0.2, 2],
  Stamps: [0.3, 3],
  'Trading Cards': [0.5, 3],
  'Vinyl Records': [1, 12],
  Memorabilia: [0.5, 3],
  Feeding: [1, 20],
  Maternity: [0.5, 3],
  'Car Parts': [6, 40],
  'Motorcycle Parts': [3, 10],
  'Bicycle Parts': [1, 5],
  'Car Accessories': [2, 40],
};

/** Per-category flavor of item descriptions: extra details and plausible colors. */
export const itemFlavor: Record<string, { extras: string[]; colors?: string[] }> = {
  electronics: {
    extras: [
      'Factory reset and ready to go.',
      'Comes with the original charger and box.',
      'Battery still holds a full day.',
      'Tested this week, everything works.',
    ],
    colors: ['Black', 'Silver', 'White', 'Space Gray'],
  },
  furniture: {
    extras: [
      'Smoke-free, pet-free home.',
      'You will need a car or small van for pickup.',
      'Sturdy, no wobble.',
      'Can help carry it to your car.',
    ],
    colors: ['Walnut', 'Oak', 'White', 'Grey', 'Black', 'Natural'],
  },
  clothing: {
    extras: [
      'Washed and ready to wear.',
      'From a smoke-free home.',
      'Fits true to size.',
      'Only worn a few times.',
    ],
    colors: ['Navy', 'Black', 'Olive', 'Cream', 'Burgundy', 'Denim Blue', 'Grey'],
  },
  books: {
    extras: [
      'No highlighting or notes.',
      'Spines in good shape.',
      'From a smoke-free home.',
      'Happy to swap for other books too.',
    ],
  },
  'toys-games': {
    extras: [
      'All pieces accounted for.',
      'Comes in the original box.',
      'Cleaned and sanitized.',
      'Great for family game night.',
    ],
  },
  'sports-outdoors': {
    extras: [
      'Cleaned and checked before listing.',
      'Ready for the next season.',
      'Stored indoors.',
      'Happy to show you how it sets up.',
    ],
    colors: ['Red', 'Blue', 'Black', 'Green', 'Orange'],
  },
  tools: {
    extras: [
      'Works perfectly, just have a duplicate.',
      'Batteries and charger included where applicable.',
      'Kept in the garage, dry and clean.',
      'Happy to demo before you take it.',
    ],
    colors: ['Yellow', 'Red', 'Teal', 'Orange', 'Black'],
  },
  'home-garden': {
    extras: [
      'From a smoke-free home.',
      'Cleaned and ready to use.',
      'Moving, so it needs a new home.',
      'Great starter piece for a new place.',
    ],
    colors: ['White', 'Green', 'Natural', 'Black', 'Terracotta'],
  },
  'music-instruments': {
    extras: [
      'Recently set up with fresh strings.',
      'Plays and sounds great.',
      'Case included.',
      'Happy to let you try it first.',
    ],
    colors: ['Sunburst', 'Black', 'Natural', 'Red', 'White'],
  },
  collectibles: {
    extras: [
      'Stored carefully in sleeves and boxes.',
      'Inherited, and it deserves a real collector.',
      'Photos show the actual pieces.',
      'Happy to answer questions about provenance.',
    ],
  },
  'baby-kids': {
    extras: [
      'Cleaned and sanitized.',
      'From a smoke-free home.',
      'Our little one outgrew it fast.',
      'All straps and parts included.',
    ],
    colors: ['Grey', 'Beige', 'White', 'Navy'],
  },
  'vehicles-parts': {
    extras: [
      'Removed in working condition.',
      'Fits several models; ask about yours.',
      'Hardware included.',
      'Stored dry in the garage.',
    ],
    colors: ['Black', 'Silver'],
  },
};

/** Per-category opening lines of service descriptions ({sub} and {city} are filled in). */
export const servicePitch: Record<string, string[]> = {
  tutoring: [
    'Patient, friendly tutoring in {sub}, in person around {city} or over video.',
    'I help students who feel stuck with {sub} get their confidence back.',
  ],
  repairs: [
    'Reliable {sub} from someone who fixes things for fun.',
    'Before you throw it out, let me take a look. {Sub} done carefully.',
  ],
  cleaning: [
    'Thorough, careful {sub}. I bring my own supplies.',
    'Detail-oriented {sub} around {city}.',
  ],
  design: [
    'Clean, modern {sub} for small businesses, events and neighbors.',
    'Freelance {sub}. You get drafts within a week and two rounds of changes.',
  ],
  moving: [
    'Strong, careful help for moving day around {city}.',
    '{Sub} without the stress. I have a truck and moving blankets.',
  ],
  'pet-care': [
    'Loving, reliable {sub}. Your pets are family to me too.',
    'Experienced with dogs and cats of every size. {Sub} around {city}.',
  ],
  photography: [
    'Natural-light {sub} with edited photos delivered within a week.',
    'Relaxed {sub} sessions. I make people comfortable in front of the camera.',
  ],
  lessons: [
    'Fun, beginner-friendly {sub} at your pace.',
    'Small, hands-on {sub} for adults and teens.',
  ],
  'home-services': [
    'Small jobs done right: {sub} around {city}.',
    'Reliable {sub} for the jobs that keep getting postponed.',
  ],
  'tech-help': [
    'Friendly, jargon-free {sub}.',
    'I will sort out your {sub} and show you how it works.',
  ],
  childcare: [
    'CPR-certified and experienced with kids of all ages. {Sub} around {city}.',
    'Caring, reliable {sub}. References from local families.',
  ],
  errands: [
    'Short on time? I can handle {sub} around {city}.',
    'Dependable help with {sub} on your schedule.',
  ],
};

/** Colors of the generated photos, and a simple shape, per category. */
export const visuals: Record<string, { from: string; to: string; shape: string }> = {
  electronics: { from: '#1e3c72', to: '#2a5298', shape: 'rect' },
  furniture: { from: '#8e5b3a', to: '#d4a373', shape: 'house' },
  clothing: { from: '#c94b4b', to: '#f09819', shape: 'diamond' },
  books: { from: '#355c7d', to: '#6c5b7b', shape: 'book' },
  'toys-games': { from: '#f7971e', to: '#ffd200', shape: 'star' },
  'sports-outdoors': { from: '#11998e', to: '#38ef7d', shape: 'triangle' },
  tools: { from: '#485563', to: '#29323c', shape: 'hexagon' },
  'home-garden': { from: '#56ab2f', to: '#a8e063', shape: 'leaf' },
  'music-instruments': { from: '#8e2de2', to: '#4a00e0', shape: 'circle' },
  collectibles: { from: '#b79891', to: '#94716b', shape: 'ring' },
  'baby-kids': { from: '#ee9ca7', to: '#ffdde1', shape: 'circle' },
  'vehicles-parts': { from: '#232526', to: '#414345', shape: 'ring' },
  tutoring: { from: '#2193b0', to: '#6dd5ed', shape: 'book' },
  repairs: { from: '#e65c00', to: '#f9d423', shape: 'hexagon' },
  cleaning: { from: '#00b4db', to: '#0083b0', shape: 'circle' },
  design: { from: '#ff512f', to: '#dd2476', shape: 'diamond' },
  moving: { from: '#614385', to: '#516395', shape: 'rect' },
  'pet-care': { from: '#f2994a', to: '#f2c94c', shape: 'leaf' },
  photography: { from: '#0f2027', to: '#2c5364', shape: 'ring' },
  lessons: { from: '#da22ff', to: '#9733ee', shape: 'star' },
  'home-services': { from: '#3a7bd5', to: '#3a6073', shape: 'house' },
  'tech-help': { from: '#00c6ff', to: '#0072ff', shape: 'rect' },
  childcare: { from: '#fc5c7d', to: '#6a82fb', shape: 'star' },
  errands: { from: '#1d976c', to: '#93f9b9', shape: 'triangle' },
};
