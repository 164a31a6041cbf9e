/** The text of the static pages. Plain data so the layout stays in one component. */
export interface Section {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  table?: { head: string[]; rows: string[][] };
}

export interface StaticContent {
  title: string;
  updated?: string;
  intro: string;
  sections: Section[];
}

const UPDATED = 'January 1, 2025';

export const ABOUT: StaticContent = {
  title: 'About Us',
  intro:
    'Swapbooth is a marketplace where money stays in your pocket. Members list the things they no longer need and the skills they can offer, and trade them directly with each other.',
  sections: [
    {
      heading: 'Why we built Swapbooth',
      paragraphs: [
        'Every home has a drawer of useful things nobody uses, and every neighbourhood has people with skills to share. Bartering is the oldest way to trade, and it still works: it keeps goods out of landfill, builds trust between neighbours and lets people get what they need without spending.',
        'Swapbooth gives that old idea modern tools: search by distance from your ZIP code, a booth that shows what you offer and what you are looking for, proposals that can be countered, chat, and ratings that let good traders stand out.',
      ],
    },
    {
      heading: 'How it works',
      list: [
        'Open a free booth and list items or services, with photos and the things you would like in exchange.',
        'Browse or search listings near you, like them to keep them in your wishlist, and add them to your exchange bag.',
        'Send a proposal to the owner. They can accept, reject or counter it, and you agree the details in chat.',
        'After the exchange, rate each other. Ratings are shown as hearts on every listing.',
      ],
    },
    {
      heading: 'Trust and safety',
      paragraphs: [
        'Members can complete an identity check; verified members carry an ID Verified badge. Every listing and booth can be reported, and our team reviews reports against our Prohibited Items Policy and Terms of Service.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'Questions, ideas or press enquiries: hello@swapbooth.example. Support: support@swapbooth.example.',
      ],
    },
  ],
};

export const TERMS: StaticContent = {
  title: 'Terms of Service',
  updated: UPDATED,
  intro:
    'These terms govern your use of Swapbooth. By creating an account or using the service you agree to them. Please read them together with our Privacy Policy, Prohibited Items Policy and Fee Schedule.',
  sections: [
    {
      heading: '1. Your account',
      list: [
        'You must be at least 18 years old and able to enter into a binding agreement.',
        'Give accurate information and keep it up to date. You are responsible for everything done with your account; keep your password secret.',
        'One person, one account. We may suspend accounts that impersonate others or are used to get around a suspension.',
      ],
    },
    {
      heading: '2. What Swapbooth does',
      paragraphs: [
        'Swapbooth is a venue. We help members find each other and agree exchanges, but we are not a party to any exchange and do not own, inspect or guarantee the items or services listed. Members are solely responsible for their listings, proposals and exchanges.',
      ],
    },
    {
      heading: '3. Listings and exchanges',
      list: [
        'List only items you own and may trade, and services you are qualified and permitted to provide.',
        'Describe listings honestly, including defects, and use your own photos.',
        'An accepted proposal is a commitment to complete the exchange as agreed, including any shipping contribution or deposit stated in it.',
        'Items and services listed in our Prohibited Items Policy may not be offered or requested.',
      ],
    },
    {
      heading: '4. Conduct',
      list: [
        'Be respectful. Harassment, discrimination, threats and spam are not allowed.',
        'Do not use Swapbooth to move money for its own sake, launder proceeds or evade taxes.',
        'Do not scrape, overload or attempt to break the service or other members’ accounts.',
      ],
    },
    {
      heading: '5. Subscriptions and fees',
      paragraphs: [
        'Browsing, listing and trading are free. Optional subscriptions unlock extra features such as viewing full proposal details; they are billed as described in the Fee Schedule and renew until cancelled. You can cancel at any time; access continues until the end of the paid period.',
      ],
    },
    {
      heading: '6. Ratings and reports',
      paragraphs: [
        'Ratings must reflect a real exchange. We may remove ratings that are fake, retaliatory or abusive. Reports are reviewed by our team, who may remove content or suspend stores or accounts.',
      ],
    },
    {
      heading: '7. Suspension and termination',
      paragraphs: [
        'We may suspend or close a store or account that breaks these terms or puts other members at risk. You may close your account at any time. Exchanges already accepted should still be completed or cancelled in good faith.',
      ],
    },
    {
      heading: '8. Liability',
      paragraphs: [
        'Swapbooth is provided “as is”. To the extent permitted by law we are not liable for losses arising from exchanges between members, and our total liability to you is limited to the fees you paid us in the twelve months before the claim.',
      ],
    },
    {
      heading: '9. Changes',
      paragraphs: [
        'We may update these terms. We will tell you about material changes at least 30 days in advance; continuing to use Swapbooth afterwards means you accept them.',
      ],
    },
  ],
};

export const PROHIBITED: StaticContent = {
  title: 'Prohibited Items Policy',
  updated: UPDATED,
  intro:
    'To keep Swapbooth safe and legal, some items and services may not be listed, offered in a proposal or requested. Listings that break this policy are removed, and repeated or serious breaches lead to suspension.',
  sections: [
    {
      heading: 'Never allowed',
      list: [
        'Weapons, ammunition, explosives, and parts or instructions for making them.',
        'Illegal drugs, controlled substances, prescription medicines and drug paraphernalia.',
        'Alcohol, tobacco, vaping products and cannabis products.',
        'Stolen goods, and anything you do not have the right to trade.',
        'Counterfeits and replicas, and items that infringe copyrights or trademarks.',
        'Live animals, and products made from endangered species.',
        'Hazardous materials: chemicals, pesticides, fireworks, recalled products.',
        'Adult content and sexual services.',
        'Personal data, accounts, government documents and IDs.',
        'Cash, gift cards, cryptocurrency, securities and other money equivalents: Swapbooth is for goods and services.',
      ],
    },
    {
      heading: 'Services that need care',
      paragraphs: [
        'Services that legally require a licence (for example electrical work, medical or legal advice, childcare in many states) may only be offered by members who hold that licence and comply with local law. Say so in the listing.',
      ],
    },
    {
      heading: 'Reporting',
      paragraphs: [
        'If you see a listing that breaks this policy, use “Report this listing” on its page. Reports are confidential.',
      ],
    },
  ],
};

export const PRIVACY: StaticContent = {
  title: 'Privacy Policy',
  updated: UPDATED,
  intro:
    'This policy explains what personal data Swapbooth collects, why, and the choices you have. We collect only what we need to run the marketplace and never sell your data.',
  sections: [
    {
      heading: 'What we collect',
      list: [
        'Account data: e-mail address, password (stored only as a secure hash) or Google sign-in identifier.',
        'Profile data: name, profile picture, phone, date of birth and gender if you choose to give them.',
        'Addresses you save. Other members see only the city, state and an approximate distance, never your street address, until you share it in an exchange.',
        'Listings, booth details, proposals, chat messages, likes, ratings and reports.',
        'Payment and verification data, handled by our payment provider; we keep only a customer reference, subscription status and whether verification was completed.',
        'Technical data such as IP address and device information, used for security and rate limiting.',
      ],
    },
    {
      heading: 'How we use it',
      list: [
        'To run your account, show your listings and connect you with other members.',
        'To send the e-mails you need: verification codes, password resets and exchange updates.',
        'To keep Swapbooth safe: preventing fraud, enforcing our policies and reviewing reports.',
        'To improve the service using aggregated, non-identifying statistics.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We share data with service providers that host, e-mail and process payments for us, under contracts that protect it, and with authorities when the law requires. Other members see your public profile, booth, listings and ratings.',
      ],
    },
    {
      heading: 'Your choices and rights',
      list: [
        'See and edit your profile and addresses at any time in My Account.',
        'Ask for a copy of your data, or for it to be deleted, by writing to privacy@swapbooth.example.',
        'Unsubscribe from non-essential e-mails with the link in each message.',
      ],
    },
    {
      heading: 'Retention and security',
      paragraphs: [
        'We keep data while your account is open and for a limited time after, as needed for legal obligations and disputes. Data is encrypted in transit, passwords are hashed, and access is limited to staff who need it.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'We use a secure cookie to keep you signed in and your browser’s local storage for your session token and where to return after sign-in. We do not use advertising trackers.',
      ],
    },
  ],
};

export const FEES: StaticContent = {
  title: 'Fee Schedule',
  updated: UPDATED,
  intro:
    'Swapbooth is free to join, list and trade. We charge only for optional extras, listed below. Prices are in US dollars and include no hidden charges.',
  sections: [
    {
      heading: 'Fees',
      table: {
        head: ['What', 'Price', 'Notes'],
        rows: [
          ['Account, booth and listings', 'Free', 'Unlimited listings for items and services'],
          ['Sending and receiving proposals', 'Free', 'Counter-offers and chat included'],
          [
            'Swapbooth subscription (monthly)',
            '$4.99 / month',
            'See full proposal details, priority support; cancel any time',
          ],
          [
            'Swapbooth subscription (yearly)',
            '$49.99 / year',
            'Two months free compared with monthly',
          ],
          ['Identity verification', '$1.99 one-off', 'Earns the ID Verified badge'],
          ['Exchange deposits', 'No fee', 'Deposits agreed in a proposal are between members'],
          ['Shipping contributions', 'No fee', 'Agreed between members in the proposal'],
        ],
      },
    },
    {
      heading: 'Refunds',
      paragraphs: [
        'Subscriptions can be cancelled at any time and stay active until the end of the paid period. If you were charged in error, contact support within 30 days for a full refund.',
      ],
    },
  ],
};
