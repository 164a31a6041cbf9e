import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, type DomainEvent } from '@swapbooth/event-bus';
import {
  applySubscription,
  applyVerification,
  currentSubscription,
  isEntitled,
  newAccount,
  type Account,
} from './account';
import type {
  AccountRepository,
  OwnerLinks,
  PaymentProvider,
  Plan,
  ProviderSubscription,
} from './ports';

export interface PaymentsDeps {
  accounts: AccountRepository;
  links: OwnerLinks;
  provider: PaymentProvider;
  plans: readonly Plan[];
  /** Where the web app is reached (Checkout and Identity return there). */
  appUrl: string;
  now: () => Date;
}

type Change = { next: Account; events: DomainEvent[] } | undefined;

/** The payment use cases: customers, checkout, subscriptions and identity verification. */
export class Payments {
  constructor(private readonly d: PaymentsDeps) {}

  plans(): readonly Plan[] {
    return this.d.plans;
  }

  account(userId: string): Promise<Account | undefined> {
    return this.d.accounts.find(userId);
  }

  /**
   * The member's provider customer, created once: the provider call carries an idempotency key
   * derived from the member, so a retried or concurrent creation yields the same customer.
   */
  async ensureCustomer(userId: string, email?: string): Promise<Account> {
    const existing = await this.d.accounts.find(userId);
    if (existing?.customerId) return existing;
    const customer = await this.d.provider.createCustomer(
      { userId, ...(email ? { email } : {}) },
      `swapbooth-customer-${userId}`,
    );
    await this.d.links.link('customer', customer.id, userId);
    return this.mutate(userId, (account) =>
      account.customerId
        ? undefined
        : {
            next: {
              ...account,
              customerId: customer.id,
              ...(email && !account.email ? { email } : {}),
              updatedAt: this.d.now().toISOString(),
            },
            events: [],
          },
    );
  }

  /** A Checkout session for one of the configured plans, for the caller's own customer. */
  async createCheckoutSession(userId: string, customerId: string, priceId: string) {
    const plan = this.d.plans.find((p) => p.priceId === priceId);
    if (!plan) throw AppError.invalid('priceId: is not one of the plans', 'priceId');
    const account = await this.ensureCustomer(userId);
    if (account.customerId !== customerId) {
      throw AppError.forbidden('customerId is not your customer');
    }
    if (isEntitled(currentSubscription(account)?.status)) {
      throw AppError.conflict('You already have an active subscription');
    }
    return this.d.provider.createCheckoutSession({
      customerId,
      userId,
      plan,
      successUrl: `${this.d.appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${this.d.appUrl}/subscription/cancel`,
    });
  }

  /** The caller's subscriptions, as webhooks confirmed them. */
  async subscriptions(userId: string, customerId: string) {
    const account = await this.d.accounts.find(userId);
    if (!account?.customerId || account.customerId !== customerId) {
      throw AppError.forbidden('customerId is not your customer');
    }
    return Object.values(account.subscriptions).sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : -1,
    );
  }

  /** Cancels at the end of the paid period: the member keeps access until then. */
  async cancelSubscription(userId: string, subscriptionId: string): Promise<ProviderSubscription> {
    const account = await this.d.accounts.find(userId);
    if (!account?.subscriptions[subscriptionId]) {
      throw AppError.forbidden('subscriptionId is not your subscription');
    }
    return this.d.provider.cancelAtPeriodEnd(subscriptionId);
  }

  /**
   * An administrator ends a member's subscription now. The member's state follows from the
   * provider's webhook, like every other change.
   */
  async cancelSubscriptionNow(subscriptionId: string): Promise<ProviderSubscription> {
    if (!(await this.d.links.ownerOf('subscription', subscriptionId))) {
      throw AppError.notFound('Subscription not found');
    }
    return this.d.provider.cancelNow(subscriptionId);
  }

  providerStatus() {
    return this.d.provider.status();
  }

  /** A verification session (document and selfie) for the caller's own customer. */
  async createVerificationSession(userId: string, customerId: string) {
    const account = await this.ensureCustomer(userId);
    if (account.customerId !== customerId) {
      throw AppError.forbidden('cusId is not your customer');
    }
    if (account.kycVerified) throw AppError.conflict('Your identity is already verified');
    const session = await this.d.provider.createVerificationSession({
      userId,
      returnUrl: `${this.d.appUrl}/verification-complete`,
    });
    await this.d.links.link('verification', session.id, userId);
    await this.mutate(userId, (a) => ({
      next: {
        ...a,
        verificationSessionId: session.id,
        verificationStatus: 'requires_input',
        updatedAt: this.d.now().toISOString(),
      },
      events: [],
    }));
    return session;
  }

  /**
   * A verification session's status, asked from the provider (never taken from the client); a
   * verified session verifies the member.
   */
  async verificationStatus(userId: string, sessionId: string) {
    const owner = await this.d.links.ownerOf('verification', sessionId);
    if (!owner) throw AppError.notFound('Verification session not found');
    if (owner !== userId) throw AppError.forbidden('sessionId is not your verification session');
    const session = await this.d.provider.retrieveVerificationSession(sessionId);
    const account = await this.mutate(userId, (a) =>
      applyVerification(a, session.id, session.status, this.d.now()),
    );
    return { session, account };
  }

  /** Applies the provider's current state of a subscription to its member's account. */
  async syncSubscription(subscriptionId: string, customerHint?: string): Promise<void> {
    const owner = await this.ownerOfSubscription(subscriptionId, customerHint);
    if (!owner) return;
    await this.mutate(owner, undefined, async (account) =>
      applySubscription(
        account,
        await this.d.provider.retrieveSubscription(subscriptionId),
        this.d.now(),
      ),
    );
  }

  /** Applies the provider's current state of a verification session to its member's account. */
  async syncVerification(sessionId: string): Promise<void> {
    let owner = await this.d.links.ownerOf('verification', sessionId);
    const session = await this.d.provider.retrieveVerificationSession(sessionId);
    if (!owner && session.userId && (await this.d.accounts.find(session.userId))) {
      owner = session.userId;
    }
    if (!owner) return;
    await this.mutate(owner, (a) => applyVerification(a, session.id, session.status, this.d.now()));
  }

  private async ownerOfSubscription(
    subscriptionId: string,
    customerHint: string | undefined,
  ): Promise<string | undefined> {
    const linked = await this.d.links.ownerOf('subscription', subscriptionId);
    if (linked) return linked;
    const sub = await this.d.provider.retrieveSubscription(subscriptionId);
    let owner = await this.d.links.ownerOf('customer', sub.customerId || customerHint || '');
    // A subscription started by our Checkout names its member; only an existing account counts.
    if (!owner && sub.userId && (await this.d.accounts.find(sub.userId))) owner = sub.userId;
    if (!owner) return undefined;
    await this.d.links.link('subscription', subscriptionId, owner);
    return owner;
  }

  /**
   * Read, decide, write only if nobody wrote meanwhile; a provider read done inside `decideAsync`
   * is repeated after a conflict, so the state written is never older than one already stored.
   */
  private mutate(
    userId: string,
    decide?: (a: Account) => Change,
    decideAsync?: (a: Account) => Promise<Change>,
  ): Promise<Account> {
    return compareAndSet(
      async () => {
        const found = await this.d.accounts.find(userId);
        const account = found ?? newAccount(userId, this.d.now());
        const change = decideAsync ? await decideAsync(account) : decide?.(account);
        if (!change) {
          if (found) return found;
          return (await this.d.accounts.insert(account, [])) === 'inserted' ? account : CONFLICT;
        }
        const next = { ...change.next, version: account.version + 1 };
        if (!found) {
          return (await this.d.accounts.insert(next, change.events)) === 'inserted'
            ? next
            : CONFLICT;
        }
        return (await this.d.accounts.replace(next, account.version, change.events)) === 'replaced'
          ? next
          : CONFLICT;
      },
      { exhausted: () => AppError.conflict('The account is busy; try again') },
    );
  }
}
