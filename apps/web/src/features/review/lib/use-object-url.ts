import { useEffect, useMemo } from 'react';

/** A URL the page can show a chosen file by, given back to the browser once the file changes or the view goes. */
export const useObjectUrl = (file: File | null) => {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
};

/** URLs for several chosen files, in order, given back together once the list changes or the view goes. */
export const useObjectUrls = (files: readonly File[]) => {
  const urls = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
};
