import { createServer, type AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { PlatformError } from './platform.ts';

/** The PlatformError a call rejects with (the test fails when it resolves or throws anything else). */
export const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

/** An address where nothing listens (fetch refuses well-known ports such as 9 before even trying). */
export const closedAddress = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
};
