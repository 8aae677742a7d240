import { createMailer } from '@agentcast/core/integrations/mail/mailer';
import { ffmpegFromEnv, publicUrlOf, servicesConfig } from '../config.ts';
import { EnvError } from '../env.ts';
import { createProcessLogger } from '../logger.ts';
import { logFfmpeg } from '../compose/log-ffmpeg.ts';
import { openAppDatabase } from '../compose/open-app-database.ts';
import { startServices } from '../compose/start-services.ts';
import { readEnvOrExit, runEntryPoint, stopOnSignals } from './process-lifecycle.ts';

/**
 * Entry point of `npm run worker`: works the job queues without serving HTTP, for deployments that scale the
 * workers apart from the API (run the API with WORKER=off). Needs DATABASE_URL: an embedded PGlite database
 * belongs to the one process that opened it.
 */
runEntryPoint('Agentcast worker', async () => {
  const env = readEnvOrExit((candidate) => {
    if (!candidate.DATABASE_URL) {
      throw new EnvError(
        'npm run worker needs DATABASE_URL (a PostgreSQL server): the embedded database can only be opened by the server process itself.',
      );
    }
  });
  const logger = createProcessLogger(env);
  const database = await openAppDatabase(env, 'Agentcast worker', logger);
  const publicUrl = publicUrlOf(env, `http://localhost:${env.PORT}`);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger });
  const ffmpeg = ffmpegFromEnv(env);
  const services = await startServices(
    database.database,
    { ...servicesConfig(env, { publicUrl, mailer, ffmpeg }), runWorker: true },
    logger,
  );
  logger.info('Worker started');
  void logFfmpeg(ffmpeg, logger);
  stopOnSignals(async () => {
    await services.stop();
    mailer.close();
    await database.close();
  }, logger);
});
