import { useMutation, useQuery } from '@tanstack/react-query';
import { billingRoutes } from '@agentcast/contracts/api/billing-routes';
import type { CheckoutInput } from '@agentcast/contracts/billing';
import { callApi } from '../../../api/call-api.ts';

/** Whether billing is on, and the workspace's subscription. */
export const useBillingStatus = () =>
  useQuery({ queryKey: ['billing'], queryFn: ({ signal }) => callApi(billingRoutes.status, { signal }) });

/** The browser leaves for Stripe's page (Checkout, the portal); it comes back to Settings. */
const goTo = ({ url }: { url: string }) => window.location.assign(url);

export const useStartCheckout = () =>
  useMutation({
    mutationFn: (input: CheckoutInput) => callApi(billingRoutes.checkout, { json: input }),
    onSuccess: goTo,
  });

export const useOpenBillingPortal = () =>
  useMutation({ mutationFn: () => callApi(billingRoutes.portal, {}), onSuccess: goTo });
