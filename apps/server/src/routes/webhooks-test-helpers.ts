import { expect } from 'vitest';
import type { CreatedWebhookEndpoint } from '@agentcast/contracts/webhooks';
import { readJson, type HttpClient } from '../testing/http-client.ts';

/** Saves an endpoint as the person would, expecting it accepted. */
export const createWebhookEndpoint = async (browser: HttpClient, body: Record<string, unknown>) => {
  const response = await browser.post('/api/webhooks', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await readJson(response)) as CreatedWebhookEndpoint;
};

/** Expects the answer refused with this status and message (and, given a field, the message against that field). */
export const expectRefused = async (response: Response, status: number, message: string, field?: string) => {
  const body = await readJson(response);
  expect(response.status).toBe(status);
  expect(body.message).toBe(message);
  if (field) expect(body.fieldErrors[field]).toEqual([message]);
};
