import { useEffect } from 'react';

export const APP_NAME = 'Swapbooth';

/** `<Page> | Swapbooth` in the document title while the page is shown. */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? `${page} | ${APP_NAME}` : APP_NAME;
  }, [page]);
}
