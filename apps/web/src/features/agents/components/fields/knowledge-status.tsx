import { KNOWLEDGE_STATUS_LABELS, type KnowledgeSourceStatus } from '@agentcast/contracts/knowledge';
import { ProgressBar } from '../../../../components/ui/progress-bar.tsx';

const TONE: Record<KnowledgeSourceStatus['status'], string> = {
  queued: 'text-slate-400',
  processing: 'text-sky-300',
  ready: 'text-emerald-300',
  failed: 'text-red-300',
};

/** How far a document's indexing got: a label, a bar while indexing, the reason when it failed. */
export const KnowledgeStatus = ({ source }: { source: KnowledgeSourceStatus | undefined }) => {
  if (!source) return null;
  const detail = source.status === 'ready' && source.kind === 'pdf' ? ` · ${source.pages} pages` : '';
  return (
    <div className="mt-1 text-xs" data-testid={`knowledge-${source.name}`}>
      <span className={TONE[source.status]}>
        {KNOWLEDGE_STATUS_LABELS[source.status]}
        {detail}
      </span>
      {source.status === 'processing' && (
        <div className="mt-1">
          <ProgressBar label={`Indexing ${source.name}`} value={source.progress / 100} />
        </div>
      )}
      {source.error && <p className="mt-0.5 text-red-300">{source.error}</p>}
    </div>
  );
};
