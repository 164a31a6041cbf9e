import type { MarketItem, Want } from '../types';
import { applyOption, defaultOptions, type WantListOptions } from './options';

/**
 * Reader of the TradeMaximizer / Online Want List Generator want-list format:
 *
 *   #! ALLOW-DUMMIES REQUIRE-COLONS …        options, before anything else
 *   # a comment
 *   !BEGIN-OFFICIAL-NAMES                     the items of the trade (first word of each line)
 *   0042-CATAN ==> "Catan" (from alice)
 *   !END-OFFICIAL-NAMES
 *   (alice) 0042-CATAN : 0007-AZUL 0019-HIVE ; 0100-GO     "alice gives 0042-CATAN for 0007-AZUL, else …"
 *   (alice) %CHEAP : 0001-X 0002-Y                          a dummy: wanting %CHEAP means "0001-X or 0002-Y"
 *
 * A malformed line throws WantListError naming its line; questionable wants (an item wanting itself,
 * an item of the same member, an unknown name, a repeated want, a second want list for an item) are
 * dropped with a warning, as TradeMaximizer does.
 */
export class WantListError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'WantListError';
  }
}

export type WarningKind =
  | 'own-item'
  | 'same-user'
  | 'unknown-item'
  | 'duplicate-list'
  | 'repeated-want'
  | 'not-official'
  | 'dummy-not-allowed'
  | 'dummy-without-user'
  | 'bad-priority';

export interface WantListWarning {
  line: number;
  kind: WarningKind;
  message: string;
}

export interface ParsedWantList {
  options: WantListOptions;
  /** The option words as the file gave them (upper-case). */
  optionWords: string[];
  /** The official names (null when the file has no official-names block). */
  officialNames: string[] | null;
  /** Items with an accepted want list, in file order; dummies are `%NAME for user (USER)`. */
  items: MarketItem[];
  /** Wants in file order; rank is TradeMaximizer's rank (steps and `;` applied, or the explicit `=N`). */
  wants: Want[];
  warnings: WantListWarning[];
  /** Whether want lists name their members `(user)`; without, each item is its own member. */
  hasUsernames: boolean;
  /** Items counted by "Num trades = X of Y items": the real (non-dummy) items with a want list. */
  itemsCounted: number;
  /** Official names without a want list. */
  missingOfficialNames: string[];
}

interface RawList {
  line: number;
  user: string | null;
  tokens: string[];
}

export function parseWantListFile(text: string): ParsedWantList {
  const options = defaultOptions();
  const optionWords: string[] = [];
  let official: Set<string> | null = null;
  let readingOfficial = false;
  const lists: RawList[] = [];

  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const fail = (message: string): never => {
      throw new WantListError(lineNumber, message);
    };
    let line = lines[index]!.trim();
    if (line.length === 0) continue;

    if (line.startsWith('#!')) {
      if (lists.length > 0) fail('Options (#!...) cannot be declared after first real want list');
      if (official !== null) fail('Options (#!...) cannot be declared after official names');
      for (const word of line.slice(2).trim().toUpperCase().split(/\s+/)) {
        if (!word) continue;
        const error = applyOption(options, word);
        if (error) fail(error);
        optionWords.push(word);
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    if (line.includes('#')) {
      if (!readingOfficial) fail('Comments (#...) cannot be used after beginning of line');
      if (line.split(/[:\s]/)[0]!.includes('#')) fail('# symbol cannot be used in an item name');
    }

    if (line.toUpperCase() === '!BEGIN-OFFICIAL-NAMES') {
      if (official !== null) fail('Cannot begin official names more than once');
      if (lists.length > 0) fail('Official names cannot be declared after first real want list');
      official = new Set();
      readingOfficial = true;
      continue;
    }
    if (line.toUpperCase() === '!END-OFFICIAL-NAMES') {
      if (!readingOfficial) fail('!END-OFFICIAL-NAMES without matching !BEGIN-OFFICIAL-NAMES');
      readingOfficial = false;
      continue;
    }
    if (readingOfficial) {
      if (line[0] === ':') fail('Line cannot begin with colon');
      if (line[0] === '%') fail('Cannot give official names for dummy items');
      let name = line.split(/[:\s]/)[0]!;
      if (!options.caseSensitive) name = name.toUpperCase();
      if (official!.has(name)) fail(`Official name ${name} already defined`);
      official!.add(name);
      continue;
    }

    // (user) ITEM : WANT WANT ; WANT
    let user: string | null = null;
    if (!line.includes('(') && options.requireUsernames) {
      fail('Missing username with REQUIRE-USERNAMES selected');
    }
    if (line[0] === '(') {
      if (line.lastIndexOf('(') > 0) fail("Cannot have more than one '(' per line");
      const close = line.indexOf(')');
      if (close === -1) fail("Missing ')' in username");
      if (close === line.length - 1) fail('Username cannot appear on a line by itself');
      if (line.lastIndexOf(')') > close) fail("Cannot have more than one ')' per line");
      if (close === 1) fail('Cannot have empty parentheses');
      user = line.slice(1, close).trim();
      line = line.slice(close + 1);
    } else if (line.indexOf('(') > 0) {
      fail('Username can only be used at the front of a want list');
    } else if (line.indexOf(')') > 0) {
      fail("Bad ')' on a line that does not have a '('");
    }

    line = line.replace(/;/g, ' ; ');
    const semi = line.indexOf(';');
    const colon = line.indexOf(':');
    if (semi !== -1) {
      if (semi < colon) fail('Semicolon cannot appear before colon');
      if (line.slice(0, semi).trim().length === 0) {
        fail('Semicolon cannot appear before first item on line');
      }
    }
    if (colon !== -1) {
      if (line.lastIndexOf(':') !== colon) fail('Cannot have more than one colon on a line');
      if (!/^\S+$/.test(line.slice(0, colon).trim())) {
        fail('Must have exactly one item before a colon (:)');
      }
      line = `${line.slice(0, colon)} ${line.slice(colon + 1)}`;
    } else if (options.requireColons) {
      fail('Missing colon with REQUIRE-COLONS selected');
    }
    if (!options.caseSensitive) {
      line = line.toUpperCase();
      if (user !== null) user = user.toUpperCase();
    }
    const tokens = line.trim().split(/\s+/);
    if (tokens[0] === '') fail('Missing item name');
    lists.push({ line: lineNumber, user, tokens });
  }
  if (readingOfficial) {
    throw new WantListError(lines.length, '!BEGIN-OFFICIAL-NAMES without !END-OFFICIAL-NAMES');
  }
  return build(options, optionWords, official, lists);
}

const dummyId = (name: string, user: string) => `${name} for user (${user})`;

function build(
  options: WantListOptions,
  optionWords: string[],
  official: Set<string> | null,
  lists: RawList[],
): ParsedWantList {
  const warnings: WantListWarning[] = [];
  const warn = (line: number, kind: WarningKind, message: string) =>
    warnings.push({ line, kind, message });

  // The items: one per first want list.
  const items: MarketItem[] = [];
  const byId = new Map<string, MarketItem>();
  const accepted: { list: RawList; item: MarketItem }[] = [];
  const used = new Set<string>();
  for (const list of lists) {
    let name = list.tokens[0]!;
    const isDummy = name.startsWith('%');
    if (isDummy) {
      if (list.user === null) {
        warn(list.line, 'dummy-without-user', `Dummy item ${name} declared without a username`);
        continue;
      }
      if (!options.allowDummies) {
        warn(list.line, 'dummy-not-allowed', `Dummy items not allowed (${name})`);
        continue;
      }
      name = dummyId(name, list.user);
    } else if (official !== null && !official.has(name)) {
      warn(
        list.line,
        'not-official',
        `Cannot define want list for ${name} because it is not an official name`,
      );
      continue;
    }
    if (byId.has(name)) {
      warn(
        list.line,
        'duplicate-list',
        `Item ${name} has multiple want lists; all but the first are ignored`,
      );
      continue;
    }
    const item: MarketItem = isDummy
      ? { id: name, owner: list.user!, dummy: true }
      : { id: name, owner: list.user ?? name };
    items.push(item);
    byId.set(name, item);
    used.add(name);
    accepted.push({ list, item });
  }

  // The wants.
  const wants: Want[] = [];
  const unknown = new Map<string, { line: number; count: number }>();
  for (const { list, item } of accepted) {
    const wanted = new Set<string>();
    let rank = 1;
    for (let t = 1; t < list.tokens.length; t++) {
      let name = list.tokens[t]!;
      if (name === ';') {
        rank += options.bigStep;
        continue;
      }
      if (name.includes('=')) {
        if (options.priorities !== 'explicit') {
          warn(
            list.line,
            'bad-priority',
            `Cannot use '=' in ${name} in the want list for ${item.id} without EXPLICIT-PRIORITIES`,
          );
          continue;
        }
        const m = /^([^=]+)=(\d+)$/.exec(name);
        if (!m) {
          warn(
            list.line,
            'bad-priority',
            `${name} in the want list for ${item.id} must be name=number`,
          );
          continue;
        }
        if (Number(m[2]) < 1) {
          warn(list.line, 'bad-priority', `Explicit priority must be positive in ${name}`);
          continue;
        }
        rank = Number(m[2]);
        name = m[1]!;
      }
      if (name.startsWith('%')) {
        if (list.user === null) {
          warn(
            list.line,
            'dummy-without-user',
            `Dummy item ${name} used in the want list for ${item.id}, which has no username`,
          );
          continue;
        }
        name = dummyId(name, list.user);
      }
      const target = byId.get(name);
      if (!target) {
        if (official?.has(name)) {
          rank += options.smallStep; // an official item whose owner sent no want list
        } else {
          const u = unknown.get(name);
          if (u) u.count++;
          else unknown.set(name, { line: list.line, count: 1 });
        }
        continue;
      }
      if (target === item) {
        warn(list.line, 'own-item', `Item ${name} appears in its own want list`);
      } else if (wanted.has(name)) {
        if (options.showRepeats) {
          warn(list.line, 'repeated-want', `Item ${name} is repeated in want list for ${item.id}`);
        }
      } else if (!target.dummy && list.user !== null && target.owner === list.user) {
        warn(
          list.line,
          'same-user',
          `Item ${item.id} contains item ${name} from the same user (${list.user})`,
        );
      } else {
        wanted.add(name);
        wants.push({ item: item.id, wants: name, rank });
        rank += options.smallStep;
      }
    }
  }
  for (const [name, { line, count }] of unknown) {
    warn(
      line,
      'unknown-item',
      `Unknown item ${name} (${count} occurrence${count === 1 ? '' : 's'})`,
    );
  }

  return {
    options,
    optionWords,
    officialNames: official ? [...official] : null,
    items,
    wants,
    warnings,
    hasUsernames: lists.some((l) => l.user !== null),
    itemsCounted: items.filter((i) => !i.dummy).length,
    missingOfficialNames: official ? [...official].filter((n) => !used.has(n)).sort() : [],
  };
}
