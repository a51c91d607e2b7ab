import { useEffect } from 'react';

/** Sets document.title while the screen is shown (SPEC.md §2 "Page titles"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
