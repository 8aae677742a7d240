import { useEffect, useMemo } from 'react';

/** A URL the page can show a chosen file by, given back to the browser once the file changes or the view goes. */
export const useObjectUrl = (file: File | null) => {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
};
