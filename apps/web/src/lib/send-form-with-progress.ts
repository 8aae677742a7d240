import { ApiError, toApiError } from './api-client.ts';

type SendFormOptions = {
  method: 'POST' | 'PATCH';
  url: string;
  form: FormData;
  /** Bytes of the request body sent so far, and the total. */
  onProgress?: (sent: number, total: number) => void;
};

/**
 * Sends multipart/form-data with upload progress, which fetch cannot report: XMLHttpRequest can. Errors come back
 * as ApiError, like apiRequest's.
 */
export const sendFormWithProgress = <T>({ method, url, form, onProgress }: SendFormOptions) =>
  new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as T);
      else reject(toApiError(request.status, request.response));
    });
    request.addEventListener('error', () =>
      reject(new ApiError(0, { code: 'NETWORK_ERROR', message: 'The upload did not reach the server. Check your connection and try again.' })),
    );
    request.send(form);
  });
