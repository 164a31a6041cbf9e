import { SubscriptionCancelPage } from './subscription-result-page';

export default SubscriptionCancelPage;
