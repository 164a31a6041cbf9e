import { AppError } from '@swapbooth/service-kit';
import type { ServiceCalls } from '../domain/ports';

interface Answer {
  success?: boolean;
  message?: string;
  code?: string;
  data?: unknown;
}

/**
 * Service-to-service calls to the owning services' `/internal` routes. The acting admin's own token
 * is forwarded, so the owning service checks the same permission again; its refusal or conflict
 * reaches the admin as it was said.
 */
export class PlatformClient implements ServiceCalls {
  constructor(
    private readonly urls: {
      auth: string;
      catalog: string;
      payment: string;
      exchange: string;
      chat: string;
    },
    private readonly timeoutMs: number,
  ) {}

  setUserStatus(token: string, userId: string, status: string, reason?: string) {
    return this.call('auth', token, 'PATCH', `/internal/users/${enc(userId)}/status`, {
      status,
      ...(reason ? { reason } : {}),
    });
  }

  setProductStatus(token: string, productId: string, status: string) {
    return this.call('catalog', token, 'PATCH', `/internal/products/${enc(productId)}/status`, {
      status,
    });
  }

  setReportStatus(token: string, reportId: string, status: string) {
    return this.call('catalog', token, 'PATCH', `/internal/reports/${enc(reportId)}`, { status });
  }

  cancelSubscription(token: string, subscriptionId: string) {
    return this.call(
      'payment',
      token,
      'POST',
      `/internal/subscriptions/${enc(subscriptionId)}/cancel`,
      {},
    );
  }

  providerStatus(token: string) {
    return this.call('payment', token, 'GET', '/internal/provider');
  }

  organisers(token: string, status?: string) {
    const query = status ? `?status=${enc(status)}` : '';
    return this.call('exchange', token, 'GET', `/internal/organisers${query}`);
  }

  decideOrganiser(token: string, userId: string, status: string) {
    return this.call('exchange', token, 'PUT', `/internal/organisers/${enc(userId)}`, { status });
  }

  ratingsOf(token: string, userId: string) {
    return this.call('exchange', token, 'GET', `/internal/ratings/user/${enc(userId)}`);
  }

  removeRating(token: string, ratingId: string, reason: string) {
    return this.call('exchange', token, 'DELETE', `/internal/ratings/${enc(ratingId)}`, {
      reason,
    });
  }

  disputes(token: string, query: Record<string, string | number>) {
    const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    return this.call('exchange', token, 'GET', `/internal/disputes?${q.toString()}`);
  }

  dispute(token: string, id: string) {
    return this.call('exchange', token, 'GET', `/internal/disputes/${enc(id)}`);
  }

  resolveDispute(token: string, id: string, decision: unknown) {
    return this.call('exchange', token, 'POST', `/internal/disputes/${enc(id)}/resolve`, decision);
  }

  disputeTranscript(token: string, proposalId: string) {
    return this.call('chat', token, 'GET', `/internal/proposals/${enc(proposalId)}/transcript`);
  }

  disputePhotoUrls(token: string, keys: string[]) {
    return this.call('catalog', token, 'POST', '/internal/dispute-photos/urls', { keys });
  }

  private async call(
    service: 'auth' | 'catalog' | 'payment' | 'exchange' | 'chat',
    token: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.urls[service]}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw AppError.unavailable(`The ${service} service did not answer; nothing was changed`);
    }
    const answer = (await res.json().catch(() => ({}))) as Answer;
    if (res.ok) return answer.data;
    const message = answer.message ?? `The ${service} service answered ${res.status}`;
    // An owning service without the route answers "No route for …": the feature is not there yet.
    if (res.status === 404 && /^No route for /.test(message)) {
      throw new AppError(
        'unavailable',
        `The ${service} service does not offer this yet (${path})`,
        {
          missingRoute: true,
        },
      );
    }
    if (res.status === 400) throw AppError.invalid(message);
    if (res.status === 401) throw AppError.unauthorized(message);
    if (res.status === 403) throw AppError.forbidden(message);
    if (res.status === 404) throw AppError.notFound(message);
    if (res.status === 409) throw AppError.conflict(message);
    if (res.status === 429) {
      throw AppError.rateLimited(message, Number(res.headers.get('retry-after') ?? 1));
    }
    throw AppError.unavailable(
      `The ${service} service failed (${res.status}); nothing was changed`,
    );
  }
}

const enc = encodeURIComponent;
