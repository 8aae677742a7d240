import { Link } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { buttonClasses } from '../../components/ui/button-classes.ts';

/** /agent-builder: reachable only when signed in. Platform connection cards come with the OAuth feature. */
const AgentBuilderRoute = () => (
  <main className="mx-auto max-w-3xl px-5 py-12">
    <Link to={PATHS.home} className={buttonClasses('secondary')}>
      Back to Home
    </Link>
    <h1 className="mt-8 text-3xl font-bold text-white">Agent builder</h1>
    <p className="mt-4 text-slate-300">Connecting Instagram, LinkedIn and YouTube is not available on this server yet.</p>
  </main>
);
export default AgentBuilderRoute;
