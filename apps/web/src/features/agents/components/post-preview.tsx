import { useFormContext, useWatch } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { AgentAvatar } from './agent-avatar.tsx';
import { useOfflinePost } from '../lib/use-offline-post.ts';
import { buildPostPreview } from '../lib/post-preview-model.ts';
import { useObjectUrl } from '../lib/use-object-url.ts';

/**
 * A post from this agent as people would see it in their feed: the offline writer's post for the form's settings
 * (asked of the server once typing pauses), and until it answers a stand-in rebuilt on every keystroke. Nothing here
 * carries a label or alt text that repeats a field's name: the form's fields keep their names unique.
 */
export const PostPreview = ({ image, currentImage }: { image: File | null; currentImage: string | null }) => {
  const { control } = useFormContext<AgentFieldsInput>();
  const [name, description, topics, samplePosts] = useWatch({
    control,
    name: ['name', 'description', 'post_configuration.topics', 'sample_posts'],
  });
  const offlinePost = useOfflinePost();
  const preview = buildPostPreview({
    name,
    description,
    topics,
    samplePosts,
    offlinePost,
  });
  const chosenUrl = useObjectUrl(image);
  const avatar = chosenUrl ?? currentImage;

  return (
    <div className="space-y-4" data-testid="post-preview">
      <article className="rounded-2xl border border-ink-700 bg-ink-950 p-4">
        <header className="flex items-center gap-3">
          {avatar ? (
            // The name beside it says whose picture it is.
            <img src={avatar} alt="" className="size-12 shrink-0 rounded-xl object-cover" />
          ) : (
            <AgentAvatar name={preview.name} image={null} />
          )}
          <div className="min-w-0">
            <p className="truncate font-semibold text-white" data-testid="preview-name">
              {preview.name}
            </p>
            <p className="line-clamp-2 text-xs text-slate-400" data-testid="preview-description">
              {preview.description}
            </p>
          </div>
        </header>
        {preview.post.kind === 'none' ? (
          <p className="mt-4 text-sm text-slate-400">Add a description and a topic to see an example post here.</p>
        ) : (
          <>
            <p className="mt-4 text-sm break-words whitespace-pre-wrap text-slate-100" data-testid="preview-post">
              {preview.post.text}
            </p>
            <p
              className={`mt-3 text-xs ${preview.post.kind === 'sample' ? 'text-slate-400' : 'text-amber-300'}`}
              data-testid="preview-post-label"
            >
              {preview.post.label}
            </p>
          </>
        )}
      </article>
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Writes about</p>
        {preview.topics.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" data-testid="preview-topics">
            {preview.topics.map((topic) => (
              <li key={topic} className="rounded-full bg-ink-700 px-2.5 py-0.5 text-xs text-slate-200">
                {topic}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-400">No topics yet.</p>
        )}
      </div>
    </div>
  );
};
