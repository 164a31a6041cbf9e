/** Who did what to which object, from what to what, why and when: one line of the audit log. */
export interface AuditEntry {
  id: string;
  at: Date;
  adminId: string;
  adminEmail: string;
  action: string;
  targetType: AuditTargetType;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
  outcome: 'succeeded' | 'failed';
  details?: Record<string, unknown>;
}

export const auditTargetTypes = [
  'admin',
  'user',
  'product',
  'subscription',
  'booth',
  'report',
  'rating',
  'dispute',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

export type AuditInput = Omit<AuditEntry, 'id' | 'at'>;

export interface AuditQuery {
  adminId?: string;
  action?: string;
  targetType?: AuditTargetType;
  targetId?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

/** The actions the console takes; sign-ins are audited under `admin.sign-in*`. */
export const auditActions = {
  signIn: 'admin.sign-in',
  signInFailed: 'admin.sign-in-failed',
  signInLocked: 'admin.sign-in-locked',
  userStatus: 'user.status-set',
  productStatus: 'product.status-set',
  subscriptionCancel: 'subscription.cancelled',
  reportResolve: 'report.resolved',
  organiserDecision: 'organiser.status-set',
  ratingRemove: 'rating.removed',
  adminAccess: 'admin.access-set',
  adminStatus: 'admin.status-set',
  adminResetRequested: 'admin.password-reset-requested',
  adminPasswordReset: 'admin.password-reset',
  disputeViewed: 'dispute.viewed',
  disputeResolved: 'dispute.resolved',
} as const;
