import { useState } from 'react';
import { PAID_PLAN_IDS, type Subscription } from '@agentcast/contracts/billing';
import { PLANS, type BillingPeriod } from '@agentcast/contracts/plans';
import { BRAND } from '../../../config/brand.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { ToggleGroup } from '../../../components/ui/toggle-group.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useBillingStatus, useOpenBillingPortal, useStartCheckout } from '../api/billing-query.ts';

const PERIODS: { key: BillingPeriod; label: string }[] = [
  { key: 'monthly', label: 'Monthly' },
  { key: 'yearly', label: 'Yearly' },
];

const STATUS_WORDS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed: Stripe is trying the card again',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
};

const SubscriptionLine = ({ subscription }: { subscription: Subscription }) => {
  const plan = PLANS.find((candidate) => candidate.id === subscription.plan);
  const until = subscription.renews_at ? dateAndTime(subscription.renews_at) : null;
  return (
    <p className="text-sm text-slate-300">
      <span className="font-semibold text-white">
        {plan?.name} · {subscription.period === 'yearly' ? 'yearly' : 'monthly'} by card
      </span>
      {' · '}
      {STATUS_WORDS[subscription.status] ?? subscription.status}
      {until && (subscription.cancel_at_period_end ? ` · ends ${until}` : ` · renews ${until}`)}
    </p>
  );
};

/**
 * How the workspace's plan is paid for (issue 37), under Settings → Plan: off, the operator sets plans; on, an Owner
 * chooses Starter or Pro, monthly or yearly, and pays on Stripe's page, then manages the card, invoices and plan in
 * Stripe's portal. Enterprise is arranged by e-mail.
 */
export const BillingControls = ({ mayPay }: { mayPay: boolean }) => {
  const status = useBillingStatus();
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  if (status.isError) return <Notice tone="error">{`Billing could not be read: ${status.error.message}`}</Notice>;
  if (!status.data) return null;
  if (!status.data.enabled) return <p className="text-sm text-slate-400">This server’s operator sets the plan.</p>;
  const { subscription } = status.data;
  const error = checkout.error ?? portal.error;
  return (
    <div className="space-y-3">
      {subscription && <SubscriptionLine subscription={subscription} />}
      {!mayPay && <p className="text-sm text-slate-400">Only an Owner of this workspace pays for its plan.</p>}
      {mayPay && subscription && (
        <button
          type="button"
          className={buttonClasses('secondary')}
          disabled={portal.isPending}
          onClick={() => portal.mutate()}
        >
          {portal.isPending ? 'Opening Stripe…' : 'Manage billing'}
        </button>
      )}
      {mayPay && !subscription && (
        <div className="space-y-3">
          <ToggleGroup label="Billing period" options={PERIODS} selected={period} onSelect={setPeriod} />
          <div className="flex flex-wrap gap-2">
            {PAID_PLAN_IDS.map((id) => {
              const plan = PLANS.find((candidate) => candidate.id === id)!;
              return (
                <button
                  key={id}
                  type="button"
                  className={buttonClasses(id === 'pro' ? 'primary' : 'secondary')}
                  disabled={checkout.isPending}
                  onClick={() => checkout.mutate({ plan: id, period })}
                >
                  {`Choose ${plan.name} · $${plan.price[period]}${period === 'yearly' ? '/year' : '/month'}`}
                </button>
              );
            })}
          </div>
          <p className="text-xs text-slate-400">
            Paid by card on Stripe’s page. Enterprise:{' '}
            <a className="underline" href={`mailto:${BRAND.emails.sales}`}>
              contact us
            </a>
            .
          </p>
        </div>
      )}
      {error && <Notice tone="error">{error.message}</Notice>}
    </div>
  );
};
