import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has come into the window yet — its top a fifth of a screen above the window's foot,
 * so a part that only peeks in does not count — and stays true once it has: for below-the-fold parts whose
 * code or work is only worth spending when a visitor scrolls to them.
 */
export function useSeen(element: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: "0px 0px -20% 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}
