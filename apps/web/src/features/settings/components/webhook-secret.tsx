import { useState } from 'react';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { useRevealWebhookSecret, useRotateWebhookSecret } from '../api/webhooks-query.ts';

const MASKED = 'whsec_••••••••••••';

/**
 * An endpoint's signing secret: hidden until asked for (Reveal asks the server), then shown with Copy; Rotate makes
 * a new one and shows it, while the previous one keeps signing for 24 hours.
 */
export const WebhookSecret = ({
  endpointId,
  initialSecret,
  previousExpiresAt,
}: {
  endpointId: string;
  /** The secret of an endpoint just added, shown at once. */
  initialSecret?: string;
  previousExpiresAt: string | null;
}) => {
  const reveal = useRevealWebhookSecret(endpointId);
  const rotate = useRotateWebhookSecret(endpointId);
  const [shown, setShown] = useState(initialSecret ?? null);
  const [copied, setCopied] = useState(false);
  const show = (secret: string) => {
    setShown(secret);
    setCopied(false);
  };
  const copy = (secret: string) =>
    void navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  const error = reveal.error ?? rotate.error;
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-200">Signing secret</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label="Signing secret"
          className="min-w-0 flex-1 basis-64 break-all rounded bg-ink-950 px-3 py-2 text-sm text-white"
        >
          {shown ?? MASKED}
        </code>
        {shown ? (
          <>
            <button type="button" className={buttonClasses('secondary')} onClick={() => copy(shown)}>
              {copied ? 'Copied' : 'Copy'}
            </button>
            <button type="button" className={buttonClasses('ghost')} onClick={() => setShown(null)}>
              Hide secret
            </button>
          </>
        ) : (
          <button
            type="button"
            className={buttonClasses('secondary')}
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(undefined, { onSuccess: (answer) => show(answer.secret) })}
          >
            {reveal.isPending ? 'Revealing...' : 'Reveal secret'}
          </button>
        )}
      </div>
      <p className="text-xs text-slate-400">
        {WEBHOOK_MESSAGES.secretShownOnDemand}
        {previousExpiresAt && ` The previous secret also signs until ${dateAndTime(previousExpiresAt)}.`}
      </p>
      <div className="text-sm text-slate-200">
        <ConfirmAction
          label="Rotate secret"
          question="Receivers must switch to the new secret; the current one keeps signing for 24 hours."
          confirmLabel="Rotate now"
          pendingLabel="Rotating..."
          isPending={rotate.isPending}
          onConfirm={() => rotate.mutate(undefined, { onSuccess: (answer) => show(answer.secret) })}
          error={error?.message}
        />
      </div>
    </div>
  );
};
