import { z } from 'zod';
import { billingStatusSchema, checkoutInputSchema, redirectSchema } from '../billing.ts';
import { ACTION_KEY, PUBLIC, SESSION_OR_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/**
 * Paying for the workspace's plan by card (issue 37): Stripe Checkout to subscribe, the customer portal to manage,
 * and Stripe's webhook. Off (404, saying so) unless the server's operator configured Stripe.
 */
export const billingRoutes = {
  status: defineRoute({
    method: 'get',
    path: '/api/billing',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'Whether billing is on, and the workspace’s subscription',
    responses: { 200: jsonContent(billingStatusSchema, 'The billing'), ...errorResponses(401, 403) },
  }),
  checkout: defineRoute({
    method: 'post',
    path: '/api/billing/checkout',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'billing',
    summary: 'Start Stripe Checkout for a plan and period: answers the page to send the browser to',
    request: { body: { ...jsonContent(checkoutInputSchema, 'The plan and period'), required: true } },
    responses: {
      201: jsonContent(redirectSchema, 'Stripe’s hosted Checkout page'),
      ...errorResponses(400, 401, 403, 404, 409, 502),
    },
  }),
  portal: defineRoute({
    method: 'post',
    path: '/api/billing/portal',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'billing',
    summary: 'Open Stripe’s customer portal (card, invoices, change or cancel the plan)',
    responses: {
      201: jsonContent(redirectSchema, 'The portal’s page'),
      ...errorResponses(401, 403, 404, 409, 502),
    },
  }),
  stripeWebhook: defineRoute({
    method: 'post',
    path: '/api/billing/stripe/webhook',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Where Stripe sends its events, checked by their Stripe-Signature (set this URL in Stripe’s dashboard)',
    responses: {
      200: jsonContent(z.object({ received: z.literal(true), applied: z.boolean() }), 'Received'),
      ...errorResponses(400, 404, 502),
    },
  }),
};
