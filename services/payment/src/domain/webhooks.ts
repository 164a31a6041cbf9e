import type { Payments } from './payments';
import type { ProviderEvent, WebhookLedger } from './ports';

const idOf = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object'
      ? idOf((v as { id?: unknown }).id)
      : undefined;

/** The subscription an invoice belongs to, in the older and the newer API shapes. */
function invoiceSubscription(invoice: Record<string, unknown>): string | undefined {
  const parent = invoice.parent as
    { subscription_details?: { subscription?: unknown } | null } | null | undefined;
  return idOf(invoice.subscription) ?? idOf(parent?.subscription_details?.subscription);
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * Handles verified webhook events, each once by its id. The event's object says which
 * subscription or verification session changed; its state is read from the provider at the time
 * of processing, so an event delivered late or twice never moves a member backwards.
 */
export class WebhookProcessor {
  constructor(
    private readonly payments: Payments,
    private readonly ledger: WebhookLedger,
  ) {}

  async process(event: ProviderEvent): Promise<WebhookOutcome> {
    const work = this.workFor(event);
    if (!(await this.ledger.claim(event.id, event.type))) return 'duplicate';
    if (!work) return 'ignored';
    try {
      await work();
    } catch (err) {
      // Not processed: the provider retries a failed delivery, and that retry must count.
      await this.ledger.release(event.id);
      throw err;
    }
    return 'processed';
  }

  private workFor(event: ProviderEvent): (() => Promise<void>) | undefined {
    const o = event.object;
    switch (event.type) {
      case 'checkout.session.completed': {
        const sub = idOf(o.subscription);
        return sub ? () => this.payments.syncSubscription(sub, idOf(o.customer)) : undefined;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const sub = idOf(o.id);
        return sub ? () => this.payments.syncSubscription(sub, idOf(o.customer)) : undefined;
      }
      case 'invoice.payment_failed':
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const sub = invoiceSubscription(o);
        return sub ? () => this.payments.syncSubscription(sub, idOf(o.customer)) : undefined;
      }
      case 'identity.verification_session.verified':
      case 'identity.verification_session.requires_input':
      case 'identity.verification_session.processing':
      case 'identity.verification_session.canceled': {
        const session = idOf(o.id);
        return session ? () => this.payments.syncVerification(session) : undefined;
      }
      default:
        return undefined;
    }
  }
}
