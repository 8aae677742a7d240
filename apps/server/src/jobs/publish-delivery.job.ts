import type { JobWithMetadata } from 'pg-boss';
import { PUBLISH_DELIVERY_JOB } from '@agentcast/core/publishing/publish-delivery-job';
import { publishDelivery } from '@agentcast/core/publishing/publish-delivery';
import type { PublishingServices } from '@agentcast/core/publishing/publishing-services';
import { workEach } from './work-each.ts';
import { jobPayload } from './job-payload.ts';

/** Moves a delivery on. Its retries are its own (next_attempt_at), so a failure here is only logged. */
export const handlePublishDelivery = (services: PublishingServices) =>
  workEach(async (job: JobWithMetadata<unknown>) => {
    const payload = jobPayload(PUBLISH_DELIVERY_JOB, job, services.logger);
    if (!payload) return;
    try {
      const delivery = await publishDelivery(services, payload);
      if (delivery) services.logger.info({ deliveryId: delivery.id, platform: delivery.platform, status: delivery.status }, 'Delivery moved on');
    } catch (error) {
      // The sweeper sends the delivery again once its lease has run out.
      services.logger.error({ err: error, deliveryId: payload.deliveryId }, 'Delivery step failed');
    }
  });
