import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { formatAmount } from './stripe-fake-objects.ts';
import type { StripeFakeState } from './stripe-fake-state.ts';
import type { StripeFakePrice } from './stripe-fake-types.ts';
import { escapeHtml, listenOnLoopback, readForm } from './loopback-http.ts';

/** Where the pages live under the fake's address: what a session's `url` and an invoice's link name. */
export const HOSTED_PAGE_PREFIXES = ['/pay/', '/portal/', '/invoice/'];

export type StripeHostedPages = { baseUrl: string; close: () => Promise<void> };

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const priceText = (price: StripeFakePrice) =>
  `${formatAmount(price.unit_amount ?? 0, price.currency)} per ${price.recurring?.interval ?? 'month'}`;

/**
 * The pages Stripe hosts, which answer HTML rather than the JSON the platform fake kit serves: Checkout's payment
 * page (the product, its price and a "Pay" button that pays at once, then back to the session's success URL), the
 * customer portal (the customer's subscriptions, a "Cancel subscription" button, a link back) and an invoice's page.
 * A browser test opens them from the links the product shows, as a person would.
 */
export const startStripeHostedPages = async ({
  state,
  pay,
  cancel,
}: {
  state: StripeFakeState;
  /** Completes the session and sends its events; resolves once they are answered. */
  pay: (sessionId: string) => Promise<void>;
  cancel: (subscriptionId: string) => Promise<void>;
}): Promise<StripeHostedPages> => {
  const page = (response: ServerResponse, status: number, title: string, body: string) =>
    void response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} — Stripe (test)</title></head>
<body style="font-family:sans-serif;max-width:480px;margin:2rem auto">${body}</body></html>`);
  const redirect = (response: ServerResponse, location: string) => void response.writeHead(303, { location }).end();

  const checkout = async (request: IncomingMessage, response: ServerResponse, sessionId: string) => {
    const session = state.sessions.get(sessionId);
    if (!session)
      return page(response, 404, 'Not found', '<h1>Something went wrong</h1><p>The page was not found.</p>');
    if (session.status !== 'open')
      return page(response, 410, 'Checkout', `<h1>This Checkout Session is no longer active</h1>`);
    if (request.method === 'POST') {
      await pay(sessionId);
      if (!session.success_url) return page(response, 200, 'Paid', '<h1>Thanks for your payment</h1>');
      return redirect(response, session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', sessionId));
    }
    const email = session.customer
      ? (state.customers.get(session.customer)?.email ?? null)
      : (session.customer_email ?? null);
    const lines = state
      .purchaseOf(sessionId)
      .items.map(
        ({ price, quantity }) =>
          `<li><strong>${escapeHtml(state.productName(price))}</strong> — ${escapeHtml(priceText(price))}${quantity > 1 ? ` × ${quantity}` : ''}</li>`,
      )
      .join('');
    const total = formatAmount(session.amount_total ?? 0, session.currency ?? 'usd');
    return page(
      response,
      200,
      'Checkout',
      `<h1>Subscribe</h1>
<ul>${lines}</ul>
<p>Total due today: <strong>${escapeHtml(total)}</strong></p>
${email ? `<p>Email: ${escapeHtml(email)}</p>` : ''}
<form method="post" action="/pay/${encodeURIComponent(sessionId)}"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`,
    );
  };

  const portal = async (request: IncomingMessage, response: ServerResponse, portalId: string, action?: string) => {
    const session = state.portalSessions.get(portalId);
    if (!session) return page(response, 404, 'Not found', '<h1>This portal session does not exist.</h1>');
    const subscriptions = [...state.subscriptions.values()].filter(
      (subscription) => subscription.customer === session.customer && subscription.status !== 'canceled',
    );
    if (request.method === 'POST' && action === 'cancel') {
      const chosen = (await readForm(request)).get('subscription') ?? '';
      if (!subscriptions.some((subscription) => subscription.id === chosen))
        return page(response, 404, 'Not found', '<h1>No such subscription of this customer.</h1>');
      await cancel(chosen);
      if (!session.return_url) return page(response, 200, 'Canceled', '<h1>Your subscription is canceled.</h1>');
      return redirect(response, session.return_url);
    }
    if (request.method !== 'GET' || action) return page(response, 405, 'Portal', '<h1>Method not allowed</h1>');
    const current = subscriptions
      .map((subscription) => {
        const [item] = subscription.items.data;
        if (!item) return '';
        return `<section><h2>${escapeHtml(state.productName(item.price))}</h2>
<p>${escapeHtml(priceText(item.price))} · ${escapeHtml(subscription.status)} · renews on ${dateOf(item.current_period_end)}</p>
<form method="post" action="/portal/${encodeURIComponent(portalId)}/cancel">
<input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
<button type="submit">Cancel subscription</button></form></section>`;
      })
      .join('');
    const invoices = state
      .listInvoices({ customer: session.customer })
      .map(
        (invoice) =>
          `<li><a href="${escapeHtml(invoice.hosted_invoice_url ?? '')}">${dateOf(invoice.created)} · ${escapeHtml(formatAmount(invoice.total, invoice.currency))} · ${escapeHtml(invoice.status ?? '')}</a></li>`,
      )
      .join('');
    return page(
      response,
      200,
      'Billing',
      `<h1>Current subscription</h1>
${current || '<p>No active subscription.</p>'}
<h2>Invoice history</h2><ul>${invoices}</ul>
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return</a></p>` : ''}`,
    );
  };

  const invoicePage = (response: ServerResponse, invoiceId: string) => {
    const invoice = state.invoices.get(invoiceId);
    if (!invoice) return page(response, 404, 'Not found', '<h1>This invoice does not exist.</h1>');
    const lines = invoice.lines.data.map((line) => `<li>${escapeHtml(line.description ?? '')}</li>`).join('');
    return page(
      response,
      200,
      `Invoice ${invoice.number ?? invoice.id}`,
      `<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<p>${escapeHtml(formatAmount(invoice.total, invoice.currency))} · ${escapeHtml(invoice.status ?? '')} · ${dateOf(invoice.created)}</p>
<ul>${lines}</ul>`,
    );
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const { pathname } = new URL(request.url ?? '/', 'http://fake');
    const [, kind = '', id = '', action] = pathname.split('/').map((segment) => decodeURIComponent(segment));
    if (kind === 'pay' && !action) return checkout(request, response, id);
    if (kind === 'portal') return portal(request, response, id, action);
    if (kind === 'invoice' && !action) return invoicePage(response, id);
    return page(response, 404, 'Not found', '<h1>Not found</h1>');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      page(response, 500, 'Error', `<h1>${escapeHtml(String(error))}</h1>`),
    );
  });
  return listenOnLoopback(server);
};
