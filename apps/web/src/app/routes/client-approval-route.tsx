import { useParams } from 'react-router';
import { ClientApprovalPage } from '../../features/client-approval/components/client-approval-page.tsx';
import { PlatformPreviews } from '../../features/review/components/platform-previews.tsx';

/** /approve/:token: a client's approval link, open without signing in; the drafts shown as the Review tab shows them. */
const ClientApprovalRoute = () => {
  const { token = '' } = useParams();
  return (
    <ClientApprovalPage
      token={token}
      renderPreviews={(draft) => (
        <PlatformPreviews
          platforms={draft.platforms}
          author={{ name: draft.agent.name, image: draft.agent.image, xHandle: null }}
          text={draft.text}
          platformTexts={draft.platform_texts}
          media={draft.media}
          xThreads={draft.x_threads}
        />
      )}
    />
  );
};
export default ClientApprovalRoute;
