import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { publishDelivery } from './publish-delivery.ts';
import {
  access,
  connectX,
  deliveryRow,
  moveClockPast,
  postsWith,
  publishing,
  readyDelivery,
  setUpPublishing,
} from './publish-delivery-fixture.ts';

setUpPublishing();

describe('publishing a delivery', () => {
  it('posts it, keeps the link, and shows it in the terminal entry', async () => {
    connectX();
    const { deliveryId, runId, text } = await readyDelivery('x');

    const done = await publishDelivery(publishing.services, { deliveryId });

    expect(done).toMatchObject({ status: 'posted', attempts: 1, error: null, externalId: postsWith(text)[0]?.id });
    expect(done?.url).toBe(`https://x.com/i/web/status/${postsWith(text)[0]?.id}`);
    const [entry] = await publishing.database.db.select().from(terminalMessage).where(eq(terminalMessage.runId, runId));
    expect(entry?.deliveries).toEqual([{ platform: 'x', status: 'posted', url: done?.url, attempts: 1 }]);
    // Done means done: another job for it changes nothing.
    expect(await publishDelivery(publishing.services, { deliveryId })).toBeNull();
    expect(postsWith(text)).toHaveLength(1);
  });

  it('waits out a rate limit until the time X gives, then posts once', async () => {
    connectX();
    const { deliveryId, text } = await readyDelivery('x');
    publishing.x.failNext('POST /2/tweets', { status: 429, retryAfterSeconds: 2 });

    const waiting = await publishDelivery(publishing.services, { deliveryId });
    expect(waiting).toMatchObject({ status: 'ready', attempts: 1 });
    expect(waiting?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing happens.
    expect(await publishDelivery(publishing.services, { deliveryId })).toBeNull();

    moveClockPast(waiting?.nextAttemptAt);
    expect(await publishDelivery(publishing.services, { deliveryId })).toMatchObject({ status: 'posted', attempts: 2 });
    expect(postsWith(text)).toHaveLength(1);
  });

  it('records a permanent refusal with X’s reason', async () => {
    const account = connectX();
    const text = `Same words twice ${randomUUID()}`;
    publishing.x.seedPost({ authorId: account.id, text, createdAt: new Date(Date.now() - 60 * 60_000) });
    const { deliveryId } = await readyDelivery('x', { text });

    const done = await publishDelivery(publishing.services, { deliveryId });

    expect(done?.status).toBe('failed');
    expect(done?.error).toMatch(/duplicate/i);
    expect(postsWith(text)).toHaveLength(1);
  });

  it('gives up after the last attempt of a platform that keeps failing', async () => {
    connectX();
    const { deliveryId } = await readyDelivery('x');
    publishing.x.failNext('POST /2/tweets', { status: 503, times: 3 });
    for (let attempt = 0; attempt < 3; attempt++) {
      const row = await deliveryRow(deliveryId);
      if (row.nextAttemptAt) moveClockPast(row.nextAttemptAt);
      await publishDelivery(publishing.services, { deliveryId });
    }
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await deliveryRow(deliveryId)).error).toMatch(/^Gave up after 3 attempts: /);
  });
});

describe('an unknown outcome', () => {
  it('is reconciled: a post that X took before the answer was lost is found, never posted again', async () => {
    connectX();
    const { deliveryId, text } = await readyDelivery('x');
    publishing.x.dropNext('POST /2/tweets', { afterAccept: true });

    const unknown = await publishDelivery(publishing.services, { deliveryId });
    expect(unknown).toMatchObject({ status: 'unknown', error: PUBLISHING_MESSAGES.unknownOutcome('x') });
    expect(postsWith(text)).toHaveLength(1);

    const reconciled = await publishDelivery(publishing.services, { deliveryId });
    expect(reconciled).toMatchObject({ status: 'posted', externalId: postsWith(text)[0]?.id, attempts: 1 });
    expect(postsWith(text)).toHaveLength(1);
    expect(
      publishing.x.requestsTo('POST /2/tweets').filter((request) => request.body.toString().includes(text)),
    ).toHaveLength(1);
  });

  it('is posted once it is clear that X never took it', async () => {
    connectX();
    const { deliveryId, text } = await readyDelivery('x');
    publishing.x.hangNext('POST /2/tweets');

    expect(await publishDelivery(publishing.services, { deliveryId })).toMatchObject({ status: 'unknown' });
    expect(postsWith(text)).toHaveLength(0);
    expect(await publishDelivery(publishing.services, { deliveryId })).toMatchObject({ status: 'posted', attempts: 2 });
    expect(postsWith(text)).toHaveLength(1);
  });

  it('is what a worker that died during the call leaves: found after its lease, not posted twice', async () => {
    const account = connectX();
    const { deliveryId, text } = await readyDelivery('x');
    // The dead worker's state: posting committed, then it sent the post and died before recording the answer.
    const startedAt = new Date(Date.now() - 10_000);
    await publishing.database.db
      .update(delivery)
      .set({ status: 'posting', attempts: 1, postingStartedAt: startedAt, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(delivery.id, deliveryId));
    const posted = publishing.x.seedPost({
      authorId: account.id,
      text,
      createdAt: new Date(startedAt.getTime() + 500),
    });

    const done = await publishDelivery(publishing.services, { deliveryId });

    expect(done).toMatchObject({ status: 'posted', externalId: posted.id });
    expect(postsWith(text)).toHaveLength(1);
  });

  it('on LinkedIn, which lets few apps read posts, is settled by LinkedIn’s duplicate check naming the post', async () => {
    const member = publishing.linkedin.addMember();
    access.set('linkedin', { kind: 'ok', credentials: { accessToken: member.token, accountId: member.urn } });
    publishing.linkedin.settings.canReadPosts = false;
    try {
      const { deliveryId, text } = await readyDelivery('linkedin');
      publishing.linkedin.dropNext('POST /rest/posts', { afterAccept: true });

      expect(await publishDelivery(publishing.services, { deliveryId })).toMatchObject({ status: 'unknown' });
      const done = await publishDelivery(publishing.services, { deliveryId });

      const posts = publishing.linkedin.posts.filter((post) => post.commentary === text);
      expect(posts).toHaveLength(1);
      expect(done).toMatchObject({ status: 'posted', externalId: posts[0]?.id });
    } finally {
      publishing.linkedin.settings.canReadPosts = true;
    }
  });

  it('is left alone while the worker that is posting still holds its lease', async () => {
    connectX();
    const { deliveryId } = await readyDelivery('x');
    await publishing.database.db
      .update(delivery)
      .set({ status: 'posting', attempts: 1, postingStartedAt: new Date(), leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(delivery.id, deliveryId));
    expect(await publishDelivery(publishing.services, { deliveryId })).toBeNull();
    expect((await deliveryRow(deliveryId)).status).toBe('posting');
  });
});

describe('accounts', () => {
  it('fails a platform with no connected account with a clear message, and one whose access was revoked with its own', async () => {
    access.delete('linkedin');
    const none = await readyDelivery('linkedin');
    expect(await publishDelivery(publishing.services, { deliveryId: none.deliveryId })).toMatchObject({
      status: 'failed',
      error: PUBLISHING_MESSAGES.notConnected('linkedin'),
    });

    access.set('linkedin', { kind: 'unusable', message: 'Reconnect LinkedIn: the access was revoked', retry: false });
    const revoked = await readyDelivery('linkedin');
    expect(await publishDelivery(publishing.services, { deliveryId: revoked.deliveryId })).toMatchObject({
      status: 'failed',
      error: 'Reconnect LinkedIn: the access was revoked',
    });
  });

  it('publishes to LinkedIn as the connected member, with the run’s image', async () => {
    const member = publishing.linkedin.addMember();
    access.set('linkedin', { kind: 'ok', credentials: { accessToken: member.token, accountId: member.urn } });
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .png()
      .toBuffer();
    await publishing.services.storage.put({
      bucket: 'images',
      path: 'agent-images/card_1.png',
      body: image,
      contentType: 'image/png',
    });
    const { deliveryId, text } = await readyDelivery('linkedin', {
      media: [
        {
          kind: 'image',
          path: 'agent-images/card_1.png',
          contentType: 'image/png',
          url: 'http://localhost/card_1.png',
        },
      ],
    });

    const done = await publishDelivery(publishing.services, { deliveryId });

    expect(done?.status).toBe('posted');
    const post = publishing.linkedin.posts.find((candidate) => candidate.commentary === text);
    expect(post?.author).toBe(member.urn);
    expect(done?.url).toBe(`https://www.linkedin.com/feed/update/${post?.id}`);
    const upload = publishing.linkedin.requestsTo('PUT /dms-uploads/:id').at(-1);
    expect(upload?.body.equals(image)).toBe(true);
  });
});
