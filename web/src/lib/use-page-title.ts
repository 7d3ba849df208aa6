import { useEffect } from "react";

/** Names the tab after the screen, so each route reads distinctly in history and to screen readers. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · tubedigest` : "tubedigest";
  }, [title]);
}
