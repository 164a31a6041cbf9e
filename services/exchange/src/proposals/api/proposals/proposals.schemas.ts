/** The proposal routes' request schemas live with their contract (packages/contracts). */
export {
  confirmProposalBody as confirmBody,
  extendDeadlineBody as extendBody,
  counterProposalBody as counterBody,
  createProposalBody,
  memberProposalsQuery,
  proposalStatusBody as statusBody,
  shippingStatusBody as shippingBody,
  type CounterBody,
  type CreateProposalBody,
} from '@swapbooth/contracts';
