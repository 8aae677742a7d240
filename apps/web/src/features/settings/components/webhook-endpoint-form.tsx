import { useState, type FormEvent } from 'react';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type WebhookEventType,
} from '@agentcast/contracts/webhooks';
import { ApiError } from '../../../api/api-error.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useCreateWebhookEndpoint } from '../api/webhooks-query.ts';

const fieldError = (error: Error | null, field: string) =>
  error instanceof ApiError
    ? Object.entries(error.fieldErrors).find(([name]) => name === field || name.startsWith(`${field}.`))?.[1][0]
    : undefined;

/** Add an endpoint: its URL, what it is for, and the events it receives (all of them to begin with). */
export const WebhookEndpointForm = ({ onCreated }: { onCreated: (created: CreatedWebhookEndpoint) => void }) => {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const toggle = (event: WebhookEventType) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((entry) => entry !== event) : [...chosen, event]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, description, events },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          onCreated(created);
        },
      },
    );
  };
  const errors = {
    url: fieldError(create.error, 'url'),
    description: fieldError(create.error, 'description'),
    events: fieldError(create.error, 'events'),
  };
  const shownUnderAField = Object.values(errors).some(Boolean);
  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Add a webhook endpoint">
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/webhooks/agentcast"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
        className="sm:col-span-2"
        required
      />
      <TextField
        label="Description (optional)"
        hint="What receives the events, e.g. Zapier or our CRM."
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={errors.description}
        maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
        className="sm:col-span-2"
      />
      <fieldset className="sm:col-span-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-200">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label
              key={type}
              className={`flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm ${
                events.includes(type) ? 'border-brand-400 bg-brand-500/15 text-white' : 'border-ink-600 text-slate-300'
              }`}
            >
              <input
                type="checkbox"
                className="mt-0.5 accent-brand-500"
                checked={events.includes(type)}
                onChange={() => toggle(type)}
              />
              <span>
                <code className="block font-semibold">{type}</code>
                <span className="block text-xs text-slate-300">{WEBHOOK_EVENT_LABELS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id="webhook-events-error" className="mt-1 text-sm text-red-300">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className="space-y-3 sm:col-span-2">
        {create.error && !shownUnderAField && <Notice tone="error">{create.error.message}</Notice>}
        <button type="submit" className={buttonClasses('primary')} disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
};
