import { useEffect, useMemo } from 'react';

/** A URL the browser can show for a chosen file, released when the file changes or the component goes. */
export const useObjectUrl = (file: File | null) => {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
};
