import { PRIVACY } from '../content';
import { StaticPage } from './static-page';

export default function Page() {
  return <StaticPage content={PRIVACY} />;
}
