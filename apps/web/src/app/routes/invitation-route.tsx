import { useParams } from 'react-router';
import { useSession } from '../../api/session.ts';
import { InvitationPage } from '../../features/workspaces/components/invitation-page.tsx';

/** /invitations/:token: open to anyone with the link; what it offers depends on whether someone is signed in. */
const InvitationRoute = () => {
  const { token = '' } = useParams();
  const { data: session, isPending } = useSession();
  return <InvitationPage token={token} signedInAs={isPending ? undefined : (session?.user.email ?? null)} />;
};
export default InvitationRoute;
