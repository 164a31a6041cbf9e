/** Store status messages (SPEC §4). */
export const StoreStatusTexts = {
  restrictedTitle: 'Store Access Restricted',
  suspended: 'Your store has been suspended. Please contact support for assistance.',
  understand: 'I Understand',
  inactive: 'Your store is currently inactive. Reactivate it to show your listings again.',
  onVacation: 'Your store is in vacation mode. Members can see it but know you are away.',
  closed: 'Your store is closed.',
  generic: 'There is an issue with your store status. Please contact support.',
} as const;

/** What a visitor sees on a store that is not open as usual. */
export function boothStatusNotice(status: string): string | undefined {
  switch (status) {
    case 'active':
    case '':
      return undefined;
    case 'on_vacation':
      return 'This store is in vacation mode: its owner may be slow to answer.';
    case 'inactive':
      return 'This store is currently inactive.';
    case 'closed':
      return 'This store is closed.';
    default:
      return 'This store is currently unavailable.';
  }
}

export interface StoreAccess {
  /** False only for a suspended store: My Store and Messages stay closed. */
  open: boolean;
  message?: string;
}

/** Whether My Store / Messages may open for a store status; a failed check opens them anyway. */
export function storeAccess(status: string | undefined): StoreAccess {
  switch (status) {
    case undefined:
    case '':
    case 'active':
      return { open: true };
    case 'suspended':
      return { open: false, message: StoreStatusTexts.suspended };
    case 'inactive':
      return { open: true, message: StoreStatusTexts.inactive };
    case 'on_vacation':
      return { open: true, message: StoreStatusTexts.onVacation };
    case 'closed':
      return { open: true, message: StoreStatusTexts.closed };
    default:
      return { open: true, message: StoreStatusTexts.generic };
  }
}
